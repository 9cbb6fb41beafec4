/* jomp's <lzcntintrin.h>: LZCNT, leading zeros (the operand's width for 0). */
#if !defined __X86INTRIN_H && !defined __IMMINTRIN_H
#error "Never use <lzcntintrin.h> directly; include <x86intrin.h> instead."
#endif

#ifndef __LZCNTINTRIN_H
#define __LZCNTINTRIN_H

#ifndef __JOMP_GPR
#define __JOMP_GPR static __inline__ __attribute__((__always_inline__, __nodebug__, __unused__))
#endif

__JOMP_GPR unsigned short __lzcnt16(unsigned short __x) { return __x ? (unsigned short)(__builtin_clz(__x) - 16) : 16; }
__JOMP_GPR unsigned int __lzcnt32(unsigned int __x) { return __x ? (unsigned int)__builtin_clz(__x) : 32; }
__JOMP_GPR unsigned int _lzcnt_u32(unsigned int __x) { return __lzcnt32(__x); }
__JOMP_GPR unsigned long long __lzcnt64(unsigned long long __x) { return __x ? (unsigned long long)__builtin_clzll(__x) : 64; }
__JOMP_GPR unsigned long long _lzcnt_u64(unsigned long long __x) { return __lzcnt64(__x); }

#endif

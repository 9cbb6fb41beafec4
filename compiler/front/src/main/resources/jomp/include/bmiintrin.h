/* jomp's <bmiintrin.h>: TZCNT and BMI1's bit manipulations, in C (docs/user-guide.md, "x86 intrinsics"). */
#if !defined __X86INTRIN_H && !defined __IMMINTRIN_H
#error "Never use <bmiintrin.h> directly; include <x86intrin.h> instead."
#endif

#ifndef __BMIINTRIN_H
#define __BMIINTRIN_H

#ifndef __JOMP_GPR
#define __JOMP_GPR static __inline__ __attribute__((__always_inline__, __nodebug__, __unused__))
#endif

/* trailing zeros; the operand's width for 0 */
__JOMP_GPR unsigned short __tzcnt_u16(unsigned short __x) { return __x ? (unsigned short)__builtin_ctz(__x) : 16; }
__JOMP_GPR unsigned int __tzcnt_u32(unsigned int __x) { return __x ? (unsigned int)__builtin_ctz(__x) : 32; }
__JOMP_GPR int _mm_tzcnt_32(unsigned int __x) { return (int)__tzcnt_u32(__x); }
__JOMP_GPR unsigned long long __tzcnt_u64(unsigned long long __x) { return __x ? (unsigned long long)__builtin_ctzll(__x) : 64; }
__JOMP_GPR long long _mm_tzcnt_64(unsigned long long __x) { return (long long)__tzcnt_u64(__x); }
#define _tzcnt_u32 __tzcnt_u32
#define _tzcnt_u64 __tzcnt_u64

__JOMP_GPR unsigned int __andn_u32(unsigned int __a, unsigned int __b) { return ~__a & __b; }
__JOMP_GPR unsigned long long __andn_u64(unsigned long long __a, unsigned long long __b) { return ~__a & __b; }
#define _andn_u32 __andn_u32
#define _andn_u64 __andn_u64
/* bits [start, start + len) of x: start in bits 7:0 of the control, len in bits 15:8 */
__JOMP_GPR unsigned long long __jomp_bextr(unsigned long long __x, unsigned int __c, unsigned __w) {
  unsigned __s = __c & 0xff, __l = (__c >> 8) & 0xff;
  if (__s >= __w) return 0;
  __x >>= __s;
  return __l >= 64 ? __x : __x & ((1ull << __l) - 1);
}
__JOMP_GPR unsigned int __bextr_u32(unsigned int __x, unsigned int __c) { return (unsigned int)__jomp_bextr(__x, __c, 32); }
__JOMP_GPR unsigned int _bextr_u32(unsigned int __x, unsigned int __s, unsigned int __l) {
  return __bextr_u32(__x, (__s & 0xff) | ((__l & 0xff) << 8));
}
__JOMP_GPR unsigned int _bextr2_u32(unsigned int __x, unsigned int __c) { return __bextr_u32(__x, __c); }
__JOMP_GPR unsigned long long __bextr_u64(unsigned long long __x, unsigned long long __c) { return __jomp_bextr(__x, (unsigned)__c, 64); }
__JOMP_GPR unsigned long long _bextr_u64(unsigned long long __x, unsigned int __s, unsigned int __l) {
  return __bextr_u64(__x, (__s & 0xff) | ((__l & 0xff) << 8));
}
__JOMP_GPR unsigned long long _bextr2_u64(unsigned long long __x, unsigned long long __c) { return __bextr_u64(__x, __c); }
__JOMP_GPR unsigned int __blsi_u32(unsigned int __x) { return __x & (0u - __x); }
__JOMP_GPR unsigned long long __blsi_u64(unsigned long long __x) { return __x & (0ull - __x); }
__JOMP_GPR unsigned int __blsmsk_u32(unsigned int __x) { return __x ^ (__x - 1); }
__JOMP_GPR unsigned long long __blsmsk_u64(unsigned long long __x) { return __x ^ (__x - 1); }
__JOMP_GPR unsigned int __blsr_u32(unsigned int __x) { return __x & (__x - 1); }
__JOMP_GPR unsigned long long __blsr_u64(unsigned long long __x) { return __x & (__x - 1); }
#define _blsi_u32 __blsi_u32
#define _blsi_u64 __blsi_u64
#define _blsmsk_u32 __blsmsk_u32
#define _blsmsk_u64 __blsmsk_u64
#define _blsr_u32 __blsr_u32
#define _blsr_u64 __blsr_u64

#endif

/*
 * jomp's <ia32intrin.h>: bit scans, byte swaps, population counts, rotations, CRC-32C, the
 * time-stamp counter, casts between floats and integers (docs/user-guide.md, "x86 intrinsics").
 */
#ifndef __X86INTRIN_H
#error "Never use <ia32intrin.h> directly; include <x86intrin.h> instead."
#endif

#ifndef __IA32INTRIN_H
#define __IA32INTRIN_H

#include <crc32intrin.h>

#ifndef __JOMP_GPR
#define __JOMP_GPR static __inline__ __attribute__((__always_inline__, __nodebug__, __unused__))
#endif

__JOMP_GPR int __bsfd(int __a) { return __builtin_ctz((unsigned)__a); }
__JOMP_GPR int __bsrd(int __a) { return 31 - __builtin_clz((unsigned)__a); }
__JOMP_GPR int __bswapd(int __a) { return (int)__builtin_bswap32((unsigned)__a); }
__JOMP_GPR int _bswap(int __a) { return (int)__builtin_bswap32((unsigned)__a); }
__JOMP_GPR int __bsfq(long long __a) { return __builtin_ctzll((unsigned long long)__a); }
__JOMP_GPR int __bsrq(long long __a) { return 63 - __builtin_clzll((unsigned long long)__a); }
__JOMP_GPR long long __bswapq(long long __a) { return (long long)__builtin_bswap64((unsigned long long)__a); }
#define _bswap64(a) __bswapq((a))
#define _bit_scan_forward(a) __bsfd((a))
#define _bit_scan_reverse(a) __bsrd((a))
__JOMP_GPR int __popcntd(unsigned int __a) { return __builtin_popcount(__a); }
__JOMP_GPR long long __popcntq(unsigned long long __a) { return __builtin_popcountll(__a); }
#define _popcnt32(a) __popcntd((a))
#define _popcnt64(a) __popcntq((a))
__JOMP_GPR unsigned int __crc32b(unsigned int __c, unsigned char __d) { return _mm_crc32_u8(__c, __d); }
__JOMP_GPR unsigned int __crc32w(unsigned int __c, unsigned short __d) { return _mm_crc32_u16(__c, __d); }
__JOMP_GPR unsigned int __crc32d(unsigned int __c, unsigned int __d) { return _mm_crc32_u32(__c, __d); }
__JOMP_GPR unsigned long long __crc32q(unsigned long long __c, unsigned long long __d) { return _mm_crc32_u64(__c, __d); }
/* rdtsc and rdtscp through jomp's inline assembly (a counter that only grows) */
__JOMP_GPR unsigned long long __rdtsc(void) {
  unsigned int __lo, __hi;
  __asm__ __volatile__("rdtsc" : "=a"(__lo), "=d"(__hi));
  return ((unsigned long long)__hi << 32) | __lo;
}
#define _rdtsc() __rdtsc()
__JOMP_GPR unsigned long long __rdtscp(unsigned int *__aux) {
  unsigned int __lo, __hi, __c;
  __asm__ __volatile__("rdtscp" : "=a"(__lo), "=d"(__hi), "=c"(__c));
  *__aux = __c;
  return ((unsigned long long)__hi << 32) | __lo;
}
__JOMP_GPR unsigned char __rolb(unsigned char __x, int __n) { __n &= 7; return (unsigned char)((__x << __n) | (__x >> ((8 - __n) & 7))); }
__JOMP_GPR unsigned char __rorb(unsigned char __x, int __n) { __n &= 7; return (unsigned char)((__x >> __n) | (__x << ((8 - __n) & 7))); }
__JOMP_GPR unsigned short __rolw(unsigned short __x, int __n) { __n &= 15; return (unsigned short)((__x << __n) | (__x >> ((16 - __n) & 15))); }
__JOMP_GPR unsigned short __rorw(unsigned short __x, int __n) { __n &= 15; return (unsigned short)((__x >> __n) | (__x << ((16 - __n) & 15))); }
__JOMP_GPR unsigned int __rold(unsigned int __x, int __n) { __n &= 31; return (__x << __n) | (__x >> ((32 - __n) & 31)); }
__JOMP_GPR unsigned int __rord(unsigned int __x, int __n) { __n &= 31; return (__x >> __n) | (__x << ((32 - __n) & 31)); }
__JOMP_GPR unsigned long long __rolq(unsigned long long __x, int __n) { __n &= 63; return (__x << __n) | (__x >> ((64 - __n) & 63)); }
__JOMP_GPR unsigned long long __rorq(unsigned long long __x, int __n) { __n &= 63; return (__x >> __n) | (__x << ((64 - __n) & 63)); }
#define _rotwl(a, b) __rolw((a), (b))
#define _rotwr(a, b) __rorw((a), (b))
#define _rotl(a, b) __rold((a), (b))
#define _rotr(a, b) __rord((a), (b))
#define _lrotl(a, b) __rolq((a), (b))
#define _lrotr(a, b) __rorq((a), (b))
__JOMP_GPR unsigned int _castf32_u32(float __a) { unsigned int __r; __builtin_memcpy(&__r, &__a, 4); return __r; }
__JOMP_GPR unsigned long long _castf64_u64(double __a) { unsigned long long __r; __builtin_memcpy(&__r, &__a, 8); return __r; }
__JOMP_GPR float _castu32_f32(unsigned int __a) { float __r; __builtin_memcpy(&__r, &__a, 4); return __r; }
__JOMP_GPR double _castu64_f64(unsigned long long __a) { double __r; __builtin_memcpy(&__r, &__a, 8); return __r; }

#endif

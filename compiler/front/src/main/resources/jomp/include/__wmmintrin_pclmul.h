/*
 * jomp's <__wmmintrin_pclmul.h>: PCLMULQDQ, the carry-less product of a 64-bit half of a
 * (immediate bit 0) and one of b (bit 4), a 128-bit polynomial over GF(2), in C.
 */
#ifndef __WMMINTRIN_PCLMUL_H
#define __WMMINTRIN_PCLMUL_H

#ifndef __WMMINTRIN_H
#error "Never use <__wmmintrin_pclmul.h> directly; include <wmmintrin.h> instead."
#endif

__JOMP_INTRIN __m128i _mm_clmulepi64_si128(__m128i __a, __m128i __b, int __i) {
  unsigned long long __x = (unsigned long long)__a[__i & 1], __y = (unsigned long long)__b[(__i >> 4) & 1];
  unsigned long long __lo = 0, __hi = 0;
  for (int __k = 0; __k < 64; __k++)
    if ((__y >> __k) & 1) {
      __lo ^= __x << __k;
      if (__k) __hi ^= __x >> (64 - __k);
    }
  return (__m128i)(__v2du){__lo, __hi};
}

#endif

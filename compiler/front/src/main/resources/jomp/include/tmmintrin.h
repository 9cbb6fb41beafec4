/*
 * jomp's <tmmintrin.h>: SSSE3's intrinsics over __m128i, in C (docs/user-guide.md, "x86
 * intrinsics"); the __m64 forms (_mm_abs_pi8 ...) are not provided.
 */
#ifndef __TMMINTRIN_H
#define __TMMINTRIN_H

#include <pmmintrin.h>

__JOMP_INTRIN __m128i _mm_abs_epi8(__m128i __a) {
  __v16qs __x = (__v16qs)__a;
  for (int __i = 0; __i < 16; __i++) __x[__i] = (signed char)(__x[__i] < 0 ? -__x[__i] : __x[__i]);
  return (__m128i)__x;
}
__JOMP_INTRIN __m128i _mm_abs_epi16(__m128i __a) {
  __v8hi __x = (__v8hi)__a;
  for (int __i = 0; __i < 8; __i++) __x[__i] = (short)(__x[__i] < 0 ? -__x[__i] : __x[__i]);
  return (__m128i)__x;
}
__JOMP_INTRIN __m128i _mm_abs_epi32(__m128i __a) {
  __v4su __x = (__v4su)__a;
  for (int __i = 0; __i < 4; __i++) __x[__i] = (int)__x[__i] < 0 ? 0u - __x[__i] : __x[__i];
  return (__m128i)__x;
}
/* the 32 bytes a:b (a high) shifted right by n bytes, the low 16 kept */
__JOMP_INTRIN __m128i _mm_alignr_epi8(__m128i __a, __m128i __b, int __n) {
  __v16qu __x = (__v16qu)__a, __y = (__v16qu)__b, __r;
  unsigned __c = (unsigned)__n & 0xff;
  for (unsigned __i = 0; __i < 16; __i++) {
    unsigned __k = __i + __c;
    __r[__i] = __k < 16 ? __y[__k] : __k < 32 ? __x[__k - 16] : 0;
  }
  return (__m128i)__r;
}
#define __JOMP_HOR(name, vt, n, expr)                                                             \
  __JOMP_INTRIN __m128i name(__m128i __a, __m128i __b) {                                          \
    vt __s[2] = {(vt)__a, (vt)__b}, __r;                                                          \
    for (int __i = 0; __i < n; __i++) {                                                           \
      vt __v = __s[__i / (n / 2)];                                                                \
      int __k = 2 * (__i % (n / 2));                                                              \
      __r[__i] = (expr);                                                                          \
    }                                                                                             \
    return (__m128i)__r;                                                                          \
  }
__JOMP_HOR(_mm_hadd_epi16, __v8hu, 8, (unsigned short)(__v[__k] + __v[__k + 1]))
__JOMP_HOR(_mm_hadd_epi32, __v4su, 4, __v[__k] + __v[__k + 1])
__JOMP_HOR(_mm_hadds_epi16, __v8hi, 8, __jomp_sat16(__v[__k] + __v[__k + 1]))
__JOMP_HOR(_mm_hsub_epi16, __v8hu, 8, (unsigned short)(__v[__k] - __v[__k + 1]))
__JOMP_HOR(_mm_hsub_epi32, __v4su, 4, __v[__k] - __v[__k + 1])
__JOMP_HOR(_mm_hsubs_epi16, __v8hi, 8, __jomp_sat16(__v[__k] - __v[__k + 1]))
#undef __JOMP_HOR
/* unsigned bytes of a times signed bytes of b, adjacent pairs added with saturation */
__JOMP_INTRIN __m128i _mm_maddubs_epi16(__m128i __a, __m128i __b) {
  __v16qu __x = (__v16qu)__a;
  __v16qs __y = (__v16qs)__b;
  __v8hi __r;
  for (int __i = 0; __i < 8; __i++)
    __r[__i] = __jomp_sat16(__x[2 * __i] * __y[2 * __i] + __x[2 * __i + 1] * __y[2 * __i + 1]);
  return (__m128i)__r;
}
__JOMP_LANES(_mm_mulhrs_epi16, __v8hi, 8, (short)((((__x[__i] * __y[__i]) >> 14) + 1) >> 1))
__JOMP_INTRIN __m128i _mm_shuffle_epi8(__m128i __a, __m128i __b) {
  __v16qu __x = (__v16qu)__a, __y = (__v16qu)__b, __r;
  for (int __i = 0; __i < 16; __i++) __r[__i] = (__y[__i] & 0x80) ? 0 : __x[__y[__i] & 15];
  return (__m128i)__r;
}
__JOMP_LANES(_mm_sign_epi8, __v16qs, 16, (signed char)(__y[__i] < 0 ? -__x[__i] : __y[__i] == 0 ? 0 : __x[__i]))
__JOMP_LANES(_mm_sign_epi16, __v8hi, 8, (short)(__y[__i] < 0 ? -__x[__i] : __y[__i] == 0 ? 0 : __x[__i]))
__JOMP_LANES(_mm_sign_epi32, __v4su, 4, (int)__y[__i] < 0 ? 0u - __x[__i] : __y[__i] == 0 ? 0 : __x[__i])

#endif

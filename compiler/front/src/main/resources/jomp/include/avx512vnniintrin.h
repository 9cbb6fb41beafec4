/*
 * jomp's <avx512vnniintrin.h>: VNNI's vpdpbusd (AVX512-VNNI on 512, 256 and 128 bits, and
 * AVX-VNNI's _avx_ forms): each 32-bit lane of src plus the four products of a's unsigned bytes
 * and b's signed bytes, wrapping, in C.
 */
#ifndef __IMMINTRIN_H
#error "Never use <avx512vnniintrin.h> directly; include <immintrin.h> instead."
#endif

#ifndef __AVX512VNNIINTRIN_H
#define __AVX512VNNIINTRIN_H

__JOMP_INTRIN __m128i __jomp_dpbusd(__m128i __s, __m128i __a, __m128i __b) {
  __v4su __r = (__v4su)__s;
  __v16qu __x = (__v16qu)__a;
  __v16qs __y = (__v16qs)__b;
  for (int __i = 0; __i < 16; __i++) __r[__i / 4] += (unsigned)(__x[__i] * __y[__i]);
  return (__m128i)__r;
}
__JOMP_INTRIN __m128i _mm_dpbusd_epi32(__m128i __s, __m128i __a, __m128i __b) { return __jomp_dpbusd(__s, __a, __b); }
__JOMP_INTRIN __m128i _mm_dpbusd_avx_epi32(__m128i __s, __m128i __a, __m128i __b) { return __jomp_dpbusd(__s, __a, __b); }
__JOMP_HALVES3(i, _mm256_dpbusd_epi32, __jomp_dpbusd)
__JOMP_HALVES3(i, _mm256_dpbusd_avx_epi32, __jomp_dpbusd)
__JOMP_INTRIN __m512i _mm512_dpbusd_epi32(__m512i __s, __m512i __a, __m512i __b) {
  return __jomp_join4(__jomp_dpbusd(__jomp_q(__s, 0), __jomp_q(__a, 0), __jomp_q(__b, 0)),
                      __jomp_dpbusd(__jomp_q(__s, 1), __jomp_q(__a, 1), __jomp_q(__b, 1)),
                      __jomp_dpbusd(__jomp_q(__s, 2), __jomp_q(__a, 2), __jomp_q(__b, 2)),
                      __jomp_dpbusd(__jomp_q(__s, 3), __jomp_q(__a, 3), __jomp_q(__b, 3)));
}

#endif

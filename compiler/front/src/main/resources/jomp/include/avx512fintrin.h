/*
 * jomp's <avx512fintrin.h>: a small part of AVX-512 (F, BW, VL), what libraries that dispatch on
 * AVX-512 compile (libdeflate's CRC-32 and Adler-32): the __m512i type and mask types, adds,
 * logic, ternarylogic, multiplies, madd and sad, unpacks, shifts, sets, loads (zero-masked byte
 * loads touch no byte outside the mask), extract/insert of 128- and 256-bit parts, in C over the
 * 128-bit intrinsics (docs/user-guide.md, "x86 intrinsics"). The rest of AVX-512 is not provided
 * and jomp does not define __AVX512F__ and the like for -mavx512* flags.
 */
#ifndef __IMMINTRIN_H
#error "Never use <avx512fintrin.h> directly; include <immintrin.h> instead."
#endif

#ifndef __AVX512FINTRIN_H
#define __AVX512FINTRIN_H

typedef long long __m512i __attribute__((__vector_size__(64), __aligned__(64)));
typedef long long __m512i_u __attribute__((__vector_size__(64), __aligned__(1)));
typedef long long __v8di __attribute__((__vector_size__(64)));
typedef int __v16si __attribute__((__vector_size__(64)));
typedef short __v32hi __attribute__((__vector_size__(64)));
typedef char __v64qi __attribute__((__vector_size__(64)));
typedef unsigned char __mmask8;
typedef unsigned short __mmask16;
typedef unsigned int __mmask32;
typedef unsigned long long __mmask64;

/* quarters and their joining */
__JOMP_INTRIN __m128i __jomp_q(__m512i __a, int __i) { return (__m128i){__a[2 * __i], __a[2 * __i + 1]}; }
__JOMP_INTRIN __m512i __jomp_join4(__m128i __a, __m128i __b, __m128i __c, __m128i __d) {
  return (__m512i){__a[0], __a[1], __b[0], __b[1], __c[0], __c[1], __d[0], __d[1]};
}
#define __JOMP_QUARTERS2(n512, n128)                                                              \
  __JOMP_INTRIN __m512i n512(__m512i __a, __m512i __b) {                                          \
    return __jomp_join4(n128(__jomp_q(__a, 0), __jomp_q(__b, 0)), n128(__jomp_q(__a, 1), __jomp_q(__b, 1)), \
                        n128(__jomp_q(__a, 2), __jomp_q(__b, 2)), n128(__jomp_q(__a, 3), __jomp_q(__b, 3))); \
  }
__JOMP_QUARTERS2(_mm512_add_epi8, _mm_add_epi8)
__JOMP_QUARTERS2(_mm512_add_epi16, _mm_add_epi16)
__JOMP_QUARTERS2(_mm512_add_epi32, _mm_add_epi32)
__JOMP_QUARTERS2(_mm512_add_epi64, _mm_add_epi64)
__JOMP_QUARTERS2(_mm512_sub_epi32, _mm_sub_epi32)
__JOMP_QUARTERS2(_mm512_mullo_epi32, _mm_mullo_epi32)
__JOMP_QUARTERS2(_mm512_madd_epi16, _mm_madd_epi16)
__JOMP_QUARTERS2(_mm512_sad_epu8, _mm_sad_epu8)
__JOMP_QUARTERS2(_mm512_unpacklo_epi8, _mm_unpacklo_epi8)
__JOMP_QUARTERS2(_mm512_unpackhi_epi8, _mm_unpackhi_epi8)
__JOMP_QUARTERS2(_mm512_and_si512, _mm_and_si128)
__JOMP_QUARTERS2(_mm512_or_si512, _mm_or_si128)
__JOMP_QUARTERS2(_mm512_xor_si512, _mm_xor_si128)
__JOMP_INTRIN __m512i _mm512_slli_epi32(__m512i __a, unsigned int __c) {
  return __jomp_join4(_mm_slli_epi32(__jomp_q(__a, 0), (int)__c), _mm_slli_epi32(__jomp_q(__a, 1), (int)__c),
                      _mm_slli_epi32(__jomp_q(__a, 2), (int)__c), _mm_slli_epi32(__jomp_q(__a, 3), (int)__c));
}
__JOMP_INTRIN __m512i _mm512_clmulepi64_epi128(__m512i __a, __m512i __b, int __i) {
  return __jomp_join4(_mm_clmulepi64_si128(__jomp_q(__a, 0), __jomp_q(__b, 0), __i), _mm_clmulepi64_si128(__jomp_q(__a, 1), __jomp_q(__b, 1), __i),
                      _mm_clmulepi64_si128(__jomp_q(__a, 2), __jomp_q(__b, 2), __i), _mm_clmulepi64_si128(__jomp_q(__a, 3), __jomp_q(__b, 3), __i));
}
/* each result bit: bit (a << 2 | b << 1 | c) of the immediate */
#define __JOMP_TERNARY(name, vt, n)                                                               \
  __JOMP_INTRIN vt name(vt __a, vt __b, vt __c, int __m) {                                        \
    vt __r = __a ^ __a;                                                                           \
    for (int __k = 0; __k < 8; __k++)                                                             \
      if ((__m >> __k) & 1) __r |= ((__k & 4) ? __a : ~__a) & ((__k & 2) ? __b : ~__b) & ((__k & 1) ? __c : ~__c); \
    return __r;                                                                                   \
  }
__JOMP_TERNARY(_mm512_ternarylogic_epi32, __m512i, 8)
__JOMP_TERNARY(_mm256_ternarylogic_epi32, __m256i, 4)
__JOMP_TERNARY(_mm_ternarylogic_epi32, __m128i, 2)
#define _mm512_ternarylogic_epi64 _mm512_ternarylogic_epi32
#define _mm256_ternarylogic_epi64 _mm256_ternarylogic_epi32
#define _mm_ternarylogic_epi64 _mm_ternarylogic_epi32
#undef __JOMP_TERNARY
__JOMP_INTRIN __m512i _mm512_setzero_si512(void) { return (__m512i){0, 0, 0, 0, 0, 0, 0, 0}; }
__JOMP_INTRIN __m512i _mm512_set1_epi8(char __b) { __m128i __x = _mm_set1_epi8(__b); return __jomp_join4(__x, __x, __x, __x); }
__JOMP_INTRIN __m512i _mm512_set1_epi16(short __w) { __m128i __x = _mm_set1_epi16(__w); return __jomp_join4(__x, __x, __x, __x); }
__JOMP_INTRIN __m512i _mm512_set1_epi32(int __i) { __m128i __x = _mm_set1_epi32(__i); return __jomp_join4(__x, __x, __x, __x); }
__JOMP_INTRIN __m512i _mm512_set1_epi64(long long __q) { return (__m512i){__q, __q, __q, __q, __q, __q, __q, __q}; }
__JOMP_INTRIN __m512i _mm512_set_epi64(long long __e7, long long __e6, long long __e5, long long __e4, long long __e3, long long __e2,
                                       long long __e1, long long __e0) {
  return (__m512i){__e0, __e1, __e2, __e3, __e4, __e5, __e6, __e7};
}
__JOMP_INTRIN __m512i _mm512_load_si512(const void *__p) { return *(const __m512i *)__p; }
__JOMP_INTRIN __m512i _mm512_loadu_si512(const void *__p) { __m512i __r; __builtin_memcpy(&__r, __p, 64); return __r; }
__JOMP_INTRIN void _mm512_store_si512(void *__p, __m512i __a) { *(__m512i *)__p = __a; }
__JOMP_INTRIN void _mm512_storeu_si512(void *__p, __m512i __a) { __builtin_memcpy(__p, &__a, 64); }
__JOMP_INTRIN __m256i _mm512_extracti64x4_epi64(__m512i __a, int __i) {
  return (__i & 1) ? (__m256i){__a[4], __a[5], __a[6], __a[7]} : (__m256i){__a[0], __a[1], __a[2], __a[3]};
}
__JOMP_INTRIN __m512i _mm512_inserti64x4(__m512i __a, __m256i __b, int __i) {
  int __o = (__i & 1) * 4;
  for (int __k = 0; __k < 4; __k++) __a[__o + __k] = __b[__k];
  return __a;
}
__JOMP_INTRIN __m512i _mm512_inserti32x4(__m512i __a, __m128i __b, int __i) {
  __a[2 * (__i & 3)] = __b[0];
  __a[2 * (__i & 3) + 1] = __b[1];
  return __a;
}
__JOMP_INTRIN __m512i _mm512_zextsi128_si512(__m128i __a) { return (__m512i){__a[0], __a[1], 0, 0, 0, 0, 0, 0}; }
__JOMP_INTRIN __m512i _mm512_castsi128_si512(__m128i __a) { return _mm512_zextsi128_si512(__a); }
__JOMP_INTRIN __m128i _mm512_castsi512_si128(__m512i __a) { return __jomp_q(__a, 0); }
__JOMP_INTRIN __m256i _mm512_castsi512_si256(__m512i __a) { return _mm512_extracti64x4_epi64(__a, 0); }
/* zero-masked byte loads: the bytes whose mask bit is clear are 0 and not read */
__JOMP_INTRIN void __jomp_maskz_bytes(void *__r, unsigned long long __k, const void *__p, int __n) {
  for (int __i = 0; __i < __n; __i++)
    ((unsigned char *)__r)[__i] = ((__k >> __i) & 1) ? ((const unsigned char *)__p)[__i] : 0;
}
__JOMP_INTRIN __m512i _mm512_maskz_loadu_epi8(__mmask64 __k, const void *__p) { __m512i __r; __jomp_maskz_bytes(&__r, __k, __p, 64); return __r; }
__JOMP_INTRIN __m256i _mm256_maskz_loadu_epi8(__mmask32 __k, const void *__p) { __m256i __r; __jomp_maskz_bytes(&__r, __k, __p, 32); return __r; }
__JOMP_INTRIN __m128i _mm_maskz_loadu_epi8(__mmask16 __k, const void *__p) { __m128i __r; __jomp_maskz_bytes(&__r, __k, __p, 16); return __r; }

#endif

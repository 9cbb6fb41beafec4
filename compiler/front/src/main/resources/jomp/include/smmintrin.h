/*
 * jomp's <smmintrin.h>: SSE4.1's intrinsics and SSE4.2's _mm_cmpgt_epi64, in C (docs/user-guide.md,
 * "x86 intrinsics"); with <popcntintrin.h> and <crc32intrin.h>, as clang's header brings them.
 * SSE4.2's string comparisons (_mm_cmpistri and the rest) are not provided.
 */
#ifndef __SMMINTRIN_H
#define __SMMINTRIN_H

#include <tmmintrin.h>

#define _MM_FROUND_TO_NEAREST_INT 0x00
#define _MM_FROUND_TO_NEG_INF 0x01
#define _MM_FROUND_TO_POS_INF 0x02
#define _MM_FROUND_TO_ZERO 0x03
#define _MM_FROUND_CUR_DIRECTION 0x04
#define _MM_FROUND_RAISE_EXC 0x00
#define _MM_FROUND_NO_EXC 0x08
#define _MM_FROUND_NINT (_MM_FROUND_RAISE_EXC | _MM_FROUND_TO_NEAREST_INT)
#define _MM_FROUND_FLOOR (_MM_FROUND_RAISE_EXC | _MM_FROUND_TO_NEG_INF)
#define _MM_FROUND_CEIL (_MM_FROUND_RAISE_EXC | _MM_FROUND_TO_POS_INF)
#define _MM_FROUND_TRUNC (_MM_FROUND_RAISE_EXC | _MM_FROUND_TO_ZERO)
#define _MM_FROUND_RINT (_MM_FROUND_RAISE_EXC | _MM_FROUND_CUR_DIRECTION)
#define _MM_FROUND_NEARBYINT (_MM_FROUND_NO_EXC | _MM_FROUND_CUR_DIRECTION)

/* rounding by the immediate's low bits (bit 2: the current mode, which is always to nearest here) */
__JOMP_INTRIN double __jomp_round(double __x, int __m) {
  switch ((__m & 4) ? 0 : __m & 3) {
  case 1: return __builtin_floor(__x);
  case 2: return __builtin_ceil(__x);
  case 3: return __builtin_trunc(__x);
  default: return __builtin_rint(__x);
  }
}
__JOMP_INTRIN float __jomp_roundf(float __x, int __m) {
  switch ((__m & 4) ? 0 : __m & 3) {
  case 1: return __builtin_floorf(__x);
  case 2: return __builtin_ceilf(__x);
  case 3: return __builtin_truncf(__x);
  default: return __builtin_rintf(__x);
  }
}
__JOMP_INTRIN __m128 _mm_round_ps(__m128 __a, int __m) {
  for (int __i = 0; __i < 4; __i++) __a[__i] = __jomp_roundf(__a[__i], __m);
  return __a;
}
__JOMP_INTRIN __m128 _mm_round_ss(__m128 __a, __m128 __b, int __m) { __a[0] = __jomp_roundf(__b[0], __m); return __a; }
__JOMP_INTRIN __m128d _mm_round_pd(__m128d __a, int __m) { return (__m128d){__jomp_round(__a[0], __m), __jomp_round(__a[1], __m)}; }
__JOMP_INTRIN __m128d _mm_round_sd(__m128d __a, __m128d __b, int __m) { __a[0] = __jomp_round(__b[0], __m); return __a; }
#define _mm_ceil_ps(x) _mm_round_ps((x), _MM_FROUND_CEIL)
#define _mm_ceil_pd(x) _mm_round_pd((x), _MM_FROUND_CEIL)
#define _mm_ceil_ss(x, y) _mm_round_ss((x), (y), _MM_FROUND_CEIL)
#define _mm_ceil_sd(x, y) _mm_round_sd((x), (y), _MM_FROUND_CEIL)
#define _mm_floor_ps(x) _mm_round_ps((x), _MM_FROUND_FLOOR)
#define _mm_floor_pd(x) _mm_round_pd((x), _MM_FROUND_FLOOR)
#define _mm_floor_ss(x, y) _mm_round_ss((x), (y), _MM_FROUND_FLOOR)
#define _mm_floor_sd(x, y) _mm_round_sd((x), (y), _MM_FROUND_FLOOR)

__JOMP_INTRIN __m128d _mm_blend_pd(__m128d __a, __m128d __b, int __m) {
  return (__m128d){(__m & 1) ? __b[0] : __a[0], (__m & 2) ? __b[1] : __a[1]};
}
__JOMP_INTRIN __m128 _mm_blend_ps(__m128 __a, __m128 __b, int __m) {
  for (int __i = 0; __i < 4; __i++) if ((__m >> __i) & 1) __a[__i] = __b[__i];
  return __a;
}
__JOMP_INTRIN __m128d _mm_blendv_pd(__m128d __a, __m128d __b, __m128d __m) {
  __v2di __s = (__v2di)__m;
  return (__m128d){__s[0] < 0 ? __b[0] : __a[0], __s[1] < 0 ? __b[1] : __a[1]};
}
__JOMP_INTRIN __m128 _mm_blendv_ps(__m128 __a, __m128 __b, __m128 __m) {
  __v4si __s = (__v4si)__m;
  for (int __i = 0; __i < 4; __i++) if (__s[__i] < 0) __a[__i] = __b[__i];
  return __a;
}
__JOMP_INTRIN __m128i _mm_blendv_epi8(__m128i __a, __m128i __b, __m128i __m) {
  __v16qs __x = (__v16qs)__a, __y = (__v16qs)__b, __s = (__v16qs)__m;
  for (int __i = 0; __i < 16; __i++) if (__s[__i] < 0) __x[__i] = __y[__i];
  return (__m128i)__x;
}
__JOMP_INTRIN __m128i _mm_blend_epi16(__m128i __a, __m128i __b, int __m) {
  __v8hi __x = (__v8hi)__a, __y = (__v8hi)__b;
  for (int __i = 0; __i < 8; __i++) if ((__m >> __i) & 1) __x[__i] = __y[__i];
  return (__m128i)__x;
}

__JOMP_LANES(_mm_mullo_epi32, __v4su, 4, __x[__i] * __y[__i])
__JOMP_INTRIN __m128i _mm_mul_epi32(__m128i __a, __m128i __b) {
  __v4si __x = (__v4si)__a, __y = (__v4si)__b;
  return (__m128i){(long long)__x[0] * __y[0], (long long)__x[2] * __y[2]};
}

/* the dot product of the lanes chosen by the immediate's high bits, into those of its low bits */
__JOMP_INTRIN __m128 _mm_dp_ps(__m128 __a, __m128 __b, int __m) {
  float __t[4];
  for (int __i = 0; __i < 4; __i++) __t[__i] = ((__m >> (4 + __i)) & 1) ? __a[__i] * __b[__i] : 0.0f;
  float __s = (__t[0] + __t[1]) + (__t[2] + __t[3]);
  for (int __i = 0; __i < 4; __i++) __a[__i] = ((__m >> __i) & 1) ? __s : 0.0f;
  return __a;
}
__JOMP_INTRIN __m128d _mm_dp_pd(__m128d __a, __m128d __b, int __m) {
  double __s = (((__m >> 4) & 1) ? __a[0] * __b[0] : 0.0) + (((__m >> 5) & 1) ? __a[1] * __b[1] : 0.0);
  return (__m128d){(__m & 1) ? __s : 0.0, (__m & 2) ? __s : 0.0};
}

__JOMP_INTRIN __m128i _mm_stream_load_si128(const void *__p) { return *(const __m128i *)__p; }

__JOMP_LANES(_mm_min_epi8, __v16qs, 16, __x[__i] < __y[__i] ? __x[__i] : __y[__i])
__JOMP_LANES(_mm_max_epi8, __v16qs, 16, __x[__i] > __y[__i] ? __x[__i] : __y[__i])
__JOMP_LANES(_mm_min_epu16, __v8hu, 8, __x[__i] < __y[__i] ? __x[__i] : __y[__i])
__JOMP_LANES(_mm_max_epu16, __v8hu, 8, __x[__i] > __y[__i] ? __x[__i] : __y[__i])
__JOMP_LANES(_mm_min_epi32, __v4si, 4, __x[__i] < __y[__i] ? __x[__i] : __y[__i])
__JOMP_LANES(_mm_max_epi32, __v4si, 4, __x[__i] > __y[__i] ? __x[__i] : __y[__i])
__JOMP_LANES(_mm_min_epu32, __v4su, 4, __x[__i] < __y[__i] ? __x[__i] : __y[__i])
__JOMP_LANES(_mm_max_epu32, __v4su, 4, __x[__i] > __y[__i] ? __x[__i] : __y[__i])
__JOMP_LANES(_mm_cmpeq_epi64, __v2di, 2, __x[__i] == __y[__i] ? -1 : 0)
__JOMP_LANES(_mm_cmpgt_epi64, __v2di, 2, __x[__i] > __y[__i] ? -1 : 0)

/* lane b of a into lane (bits 5:4), then lanes of the low 4 bits cleared */
__JOMP_INTRIN __m128 _mm_insert_ps(__m128 __a, __m128 __b, int __m) {
  __a[(__m >> 4) & 3] = __b[(__m >> 6) & 3];
  for (int __i = 0; __i < 4; __i++) if ((__m >> __i) & 1) __a[__i] = 0.0f;
  return __a;
}
__JOMP_INTRIN int _mm_extract_ps(__m128 __a, int __i) { return ((__v4si)__a)[__i & 3]; }
#define _MM_EXTRACT_FLOAT(d, x, imm) ((d) = ((__v4sf)(x))[(imm) & 3])
#define _MM_MK_INSERTPS_NDX(x, y, z) (((x) << 6) | ((y) << 4) | (z))
#define _MM_PICK_OUT_PS(x, n) _mm_insert_ps(_mm_setzero_ps(), (x), _MM_MK_INSERTPS_NDX((n), 0, 0x0e))
__JOMP_INTRIN __m128i _mm_insert_epi8(__m128i __a, int __b, int __i) { __v16qi __x = (__v16qi)__a; __x[__i & 15] = (char)__b; return (__m128i)__x; }
__JOMP_INTRIN __m128i _mm_insert_epi32(__m128i __a, int __b, int __i) { __v4si __x = (__v4si)__a; __x[__i & 3] = __b; return (__m128i)__x; }
__JOMP_INTRIN __m128i _mm_insert_epi64(__m128i __a, long long __b, int __i) { __a[__i & 1] = __b; return __a; }
__JOMP_INTRIN int _mm_extract_epi8(__m128i __a, int __i) { return ((__v16qu)__a)[__i & 15]; }
__JOMP_INTRIN int _mm_extract_epi32(__m128i __a, int __i) { return ((__v4si)__a)[__i & 3]; }
__JOMP_INTRIN long long _mm_extract_epi64(__m128i __a, int __i) { return __a[__i & 1]; }

__JOMP_INTRIN int _mm_testz_si128(__m128i __m, __m128i __v) { __m128i __t = __m & __v; return (__t[0] | __t[1]) == 0; }
__JOMP_INTRIN int _mm_testc_si128(__m128i __m, __m128i __v) { __m128i __t = ~__m & __v; return (__t[0] | __t[1]) == 0; }
__JOMP_INTRIN int _mm_testnzc_si128(__m128i __m, __m128i __v) { return !_mm_testz_si128(__m, __v) && !_mm_testc_si128(__m, __v); }
#define _mm_test_all_ones(v) _mm_testc_si128((v), _mm_set1_epi32(-1))
#define _mm_test_mix_ones_zeros(m, v) _mm_testnzc_si128((m), (v))
#define _mm_test_all_zeros(m, v) _mm_testz_si128((m), (v))

/* sign and zero extension of the low lanes */
#define __JOMP_EXTEND(name, from, to, n)                                                          \
  __JOMP_INTRIN __m128i name(__m128i __v) {                                                       \
    from __x = (from)__v;                                                                         \
    to __r;                                                                                       \
    for (int __i = 0; __i < n; __i++) __r[__i] = __x[__i];                                        \
    return (__m128i)__r;                                                                          \
  }
__JOMP_EXTEND(_mm_cvtepi8_epi16, __v16qs, __v8hi, 8)
__JOMP_EXTEND(_mm_cvtepi8_epi32, __v16qs, __v4si, 4)
__JOMP_EXTEND(_mm_cvtepi8_epi64, __v16qs, __v2di, 2)
__JOMP_EXTEND(_mm_cvtepi16_epi32, __v8hi, __v4si, 4)
__JOMP_EXTEND(_mm_cvtepi16_epi64, __v8hi, __v2di, 2)
__JOMP_EXTEND(_mm_cvtepi32_epi64, __v4si, __v2di, 2)
__JOMP_EXTEND(_mm_cvtepu8_epi16, __v16qu, __v8hi, 8)
__JOMP_EXTEND(_mm_cvtepu8_epi32, __v16qu, __v4si, 4)
__JOMP_EXTEND(_mm_cvtepu8_epi64, __v16qu, __v2di, 2)
__JOMP_EXTEND(_mm_cvtepu16_epi32, __v8hu, __v4si, 4)
__JOMP_EXTEND(_mm_cvtepu16_epi64, __v8hu, __v2di, 2)
__JOMP_EXTEND(_mm_cvtepu32_epi64, __v4su, __v2di, 2)

__JOMP_INTRIN __m128i _mm_packus_epi32(__m128i __a, __m128i __b) {
  __v4si __x = (__v4si)__a, __y = (__v4si)__b;
  __v8hu __r;
  for (int __i = 0; __i < 4; __i++) {
    __r[__i] = (unsigned short)(__x[__i] < 0 ? 0 : __x[__i] > 65535 ? 65535 : __x[__i]);
    __r[__i + 4] = (unsigned short)(__y[__i] < 0 ? 0 : __y[__i] > 65535 ? 65535 : __y[__i]);
  }
  return (__m128i)__r;
}

/* eight sums of absolute differences: a's bytes from (bit 2) * 4 on against b's 4 from (bits 1:0) * 4 */
__JOMP_INTRIN __m128i _mm_mpsadbw_epu8(__m128i __a, __m128i __b, int __m) {
  __v16qu __x = (__v16qu)__a, __y = (__v16qu)__b;
  __v8hu __r;
  int __ao = ((__m >> 2) & 1) * 4, __bo = (__m & 3) * 4;
  for (int __j = 0; __j < 8; __j++) {
    int __s = 0;
    for (int __i = 0; __i < 4; __i++) {
      int __d = __x[__ao + __j + __i] - __y[__bo + __i];
      __s += __d < 0 ? -__d : __d;
    }
    __r[__j] = (unsigned short)__s;
  }
  return (__m128i)__r;
}
/* the least unsigned 16-bit lane and its (first) index */
__JOMP_INTRIN __m128i _mm_minpos_epu16(__m128i __a) {
  __v8hu __x = (__v8hu)__a;
  int __k = 0;
  for (int __i = 1; __i < 8; __i++) if (__x[__i] < __x[__k]) __k = __i;
  return (__m128i)(__v8hu){__x[__k], (unsigned short)__k, 0, 0, 0, 0, 0, 0};
}

#include <popcntintrin.h>
#include <crc32intrin.h>

#endif

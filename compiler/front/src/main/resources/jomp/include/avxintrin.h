/*
 * jomp's <avxintrin.h>: AVX's 256-bit intrinsics over __m256, __m256d and __m256i, in C
 * (docs/user-guide.md, "x86 intrinsics"). Where Intel defines an operation on each 128-bit half
 * alike (arithmetic, unpacks, shuffles, horizontal adds ...), the 256-bit intrinsic applies the
 * 128-bit one to each half; the rest (permute2f128, broadcasts, conversions) are written out.
 */
#ifndef __IMMINTRIN_H
#error "Never use <avxintrin.h> directly; include <immintrin.h> instead."
#endif

#ifndef __AVXINTRIN_H
#define __AVXINTRIN_H

typedef double __v4df __attribute__((__vector_size__(32)));
typedef float __v8sf __attribute__((__vector_size__(32)));
typedef long long __v4di __attribute__((__vector_size__(32)));
typedef int __v8si __attribute__((__vector_size__(32)));
typedef short __v16hi __attribute__((__vector_size__(32)));
typedef char __v32qi __attribute__((__vector_size__(32)));
typedef unsigned long long __v4du __attribute__((__vector_size__(32)));
typedef unsigned int __v8su __attribute__((__vector_size__(32)));
typedef unsigned short __v16hu __attribute__((__vector_size__(32)));
typedef unsigned char __v32qu __attribute__((__vector_size__(32)));
typedef signed char __v32qs __attribute__((__vector_size__(32)));
typedef float __m256 __attribute__((__vector_size__(32), __aligned__(32)));
typedef double __m256d __attribute__((__vector_size__(32), __aligned__(32)));
typedef long long __m256i __attribute__((__vector_size__(32), __aligned__(32)));
typedef float __m256_u __attribute__((__vector_size__(32), __aligned__(1)));
typedef double __m256d_u __attribute__((__vector_size__(32), __aligned__(1)));
typedef long long __m256i_u __attribute__((__vector_size__(32), __aligned__(1)));

/* halves and their joining */
__JOMP_INTRIN __m128i __jomp_lo_i(__m256i __a) { return (__m128i){__a[0], __a[1]}; }
__JOMP_INTRIN __m128i __jomp_hi_i(__m256i __a) { return (__m128i){__a[2], __a[3]}; }
__JOMP_INTRIN __m256i __jomp_join_i(__m128i __l, __m128i __h) { return (__m256i){__l[0], __l[1], __h[0], __h[1]}; }
__JOMP_INTRIN __m128 __jomp_lo_ps(__m256 __a) { return (__m128){__a[0], __a[1], __a[2], __a[3]}; }
__JOMP_INTRIN __m128 __jomp_hi_ps(__m256 __a) { return (__m128){__a[4], __a[5], __a[6], __a[7]}; }
__JOMP_INTRIN __m256 __jomp_join_ps(__m128 __l, __m128 __h) { return (__m256){__l[0], __l[1], __l[2], __l[3], __h[0], __h[1], __h[2], __h[3]}; }
__JOMP_INTRIN __m128d __jomp_lo_pd(__m256d __a) { return (__m128d){__a[0], __a[1]}; }
__JOMP_INTRIN __m128d __jomp_hi_pd(__m256d __a) { return (__m128d){__a[2], __a[3]}; }
__JOMP_INTRIN __m256d __jomp_join_pd(__m128d __l, __m128d __h) { return (__m256d){__l[0], __l[1], __h[0], __h[1]}; }

/* 256-bit intrinsics made of the 128-bit one on each half: T is i, ps or pd */
#define __JOMP_HALVES1(T, n256, n128)                                                             \
  __JOMP_INTRIN __m256##T##_t n256(__m256##T##_t __a) {                                           \
    return __jomp_join_##T(n128(__jomp_lo_##T(__a)), n128(__jomp_hi_##T(__a)));                   \
  }
#define __JOMP_HALVES1N(T, n256, n128)                                                            \
  __JOMP_INTRIN __m256##T##_t n256(__m256##T##_t __a, int __m) {                                  \
    return __jomp_join_##T(n128(__jomp_lo_##T(__a), __m), n128(__jomp_hi_##T(__a), __m));         \
  }
#define __JOMP_HALVES2(T, n256, n128)                                                             \
  __JOMP_INTRIN __m256##T##_t n256(__m256##T##_t __a, __m256##T##_t __b) {                        \
    return __jomp_join_##T(n128(__jomp_lo_##T(__a), __jomp_lo_##T(__b)), n128(__jomp_hi_##T(__a), __jomp_hi_##T(__b))); \
  }
#define __JOMP_HALVES2N(T, n256, n128)                                                            \
  __JOMP_INTRIN __m256##T##_t n256(__m256##T##_t __a, __m256##T##_t __b, int __m) {               \
    return __jomp_join_##T(n128(__jomp_lo_##T(__a), __jomp_lo_##T(__b), __m), n128(__jomp_hi_##T(__a), __jomp_hi_##T(__b), __m)); \
  }
#define __JOMP_HALVES3(T, n256, n128)                                                             \
  __JOMP_INTRIN __m256##T##_t n256(__m256##T##_t __a, __m256##T##_t __b, __m256##T##_t __c) {     \
    return __jomp_join_##T(n128(__jomp_lo_##T(__a), __jomp_lo_##T(__b), __jomp_lo_##T(__c)),      \
                           n128(__jomp_hi_##T(__a), __jomp_hi_##T(__b), __jomp_hi_##T(__c)));     \
  }
typedef __m256i __m256i_t;
typedef __m256 __m256ps_t;
typedef __m256d __m256pd_t;

__JOMP_HALVES2(pd, _mm256_add_pd, _mm_add_pd)
__JOMP_HALVES2(ps, _mm256_add_ps, _mm_add_ps)
__JOMP_HALVES2(pd, _mm256_sub_pd, _mm_sub_pd)
__JOMP_HALVES2(ps, _mm256_sub_ps, _mm_sub_ps)
__JOMP_HALVES2(pd, _mm256_addsub_pd, _mm_addsub_pd)
__JOMP_HALVES2(ps, _mm256_addsub_ps, _mm_addsub_ps)
__JOMP_HALVES2(pd, _mm256_div_pd, _mm_div_pd)
__JOMP_HALVES2(ps, _mm256_div_ps, _mm_div_ps)
__JOMP_HALVES2(pd, _mm256_mul_pd, _mm_mul_pd)
__JOMP_HALVES2(ps, _mm256_mul_ps, _mm_mul_ps)
__JOMP_HALVES2(pd, _mm256_max_pd, _mm_max_pd)
__JOMP_HALVES2(ps, _mm256_max_ps, _mm_max_ps)
__JOMP_HALVES2(pd, _mm256_min_pd, _mm_min_pd)
__JOMP_HALVES2(ps, _mm256_min_ps, _mm_min_ps)
__JOMP_HALVES1(pd, _mm256_sqrt_pd, _mm_sqrt_pd)
__JOMP_HALVES1(ps, _mm256_sqrt_ps, _mm_sqrt_ps)
__JOMP_HALVES1(ps, _mm256_rsqrt_ps, _mm_rsqrt_ps)
__JOMP_HALVES1(ps, _mm256_rcp_ps, _mm_rcp_ps)
__JOMP_HALVES1N(pd, _mm256_round_pd, _mm_round_pd)
__JOMP_HALVES1N(ps, _mm256_round_ps, _mm_round_ps)
#define _mm256_ceil_pd(V) _mm256_round_pd((V), _MM_FROUND_CEIL)
#define _mm256_floor_pd(V) _mm256_round_pd((V), _MM_FROUND_FLOOR)
#define _mm256_ceil_ps(V) _mm256_round_ps((V), _MM_FROUND_CEIL)
#define _mm256_floor_ps(V) _mm256_round_ps((V), _MM_FROUND_FLOOR)
__JOMP_HALVES2(pd, _mm256_and_pd, _mm_and_pd)
__JOMP_HALVES2(ps, _mm256_and_ps, _mm_and_ps)
__JOMP_HALVES2(pd, _mm256_andnot_pd, _mm_andnot_pd)
__JOMP_HALVES2(ps, _mm256_andnot_ps, _mm_andnot_ps)
__JOMP_HALVES2(pd, _mm256_or_pd, _mm_or_pd)
__JOMP_HALVES2(ps, _mm256_or_ps, _mm_or_ps)
__JOMP_HALVES2(pd, _mm256_xor_pd, _mm_xor_pd)
__JOMP_HALVES2(ps, _mm256_xor_ps, _mm_xor_ps)
__JOMP_HALVES2(pd, _mm256_hadd_pd, _mm_hadd_pd)
__JOMP_HALVES2(ps, _mm256_hadd_ps, _mm_hadd_ps)
__JOMP_HALVES2(pd, _mm256_hsub_pd, _mm_hsub_pd)
__JOMP_HALVES2(ps, _mm256_hsub_ps, _mm_hsub_ps)
__JOMP_HALVES2(pd, _mm256_unpackhi_pd, _mm_unpackhi_pd)
__JOMP_HALVES2(pd, _mm256_unpacklo_pd, _mm_unpacklo_pd)
__JOMP_HALVES2(ps, _mm256_unpackhi_ps, _mm_unpackhi_ps)
__JOMP_HALVES2(ps, _mm256_unpacklo_ps, _mm_unpacklo_ps)
__JOMP_HALVES3(pd, _mm256_blendv_pd, _mm_blendv_pd)
__JOMP_HALVES3(ps, _mm256_blendv_ps, _mm_blendv_ps)
__JOMP_HALVES2N(ps, _mm256_dp_ps, _mm_dp_ps)
__JOMP_HALVES1(ps, _mm256_movehdup_ps, _mm_movehdup_ps)
__JOMP_HALVES1(ps, _mm256_moveldup_ps, _mm_moveldup_ps)
__JOMP_HALVES1(pd, _mm256_movedup_pd, _mm_movedup_pd)
__JOMP_HALVES2N(ps, _mm256_shuffle_ps, __jomp_shuffle_ps)
__JOMP_INTRIN __m256d _mm256_shuffle_pd(__m256d __a, __m256d __b, int __m) {
  return __jomp_join_pd(__jomp_shuffle_pd(__jomp_lo_pd(__a), __jomp_lo_pd(__b), __m), __jomp_shuffle_pd(__jomp_hi_pd(__a), __jomp_hi_pd(__b), __m >> 2));
}
__JOMP_INTRIN __m256d _mm256_blend_pd(__m256d __a, __m256d __b, int __m) {
  return __jomp_join_pd(_mm_blend_pd(__jomp_lo_pd(__a), __jomp_lo_pd(__b), __m), _mm_blend_pd(__jomp_hi_pd(__a), __jomp_hi_pd(__b), __m >> 2));
}
__JOMP_INTRIN __m256 _mm256_blend_ps(__m256 __a, __m256 __b, int __m) {
  return __jomp_join_ps(_mm_blend_ps(__jomp_lo_ps(__a), __jomp_lo_ps(__b), __m), _mm_blend_ps(__jomp_hi_ps(__a), __jomp_hi_ps(__b), __m >> 4));
}

/* lanes chosen within each half: by an immediate, or by a vector of indexes */
__JOMP_INTRIN __m128d _mm_permute_pd(__m128d __a, int __m) { return (__m128d){__a[__m & 1], __a[(__m >> 1) & 1]}; }
__JOMP_INTRIN __m256d _mm256_permute_pd(__m256d __a, int __m) {
  return __jomp_join_pd(_mm_permute_pd(__jomp_lo_pd(__a), __m), _mm_permute_pd(__jomp_hi_pd(__a), __m >> 2));
}
__JOMP_INTRIN __m128 _mm_permute_ps(__m128 __a, int __m) { return __jomp_shuffle_ps(__a, __a, __m); }
__JOMP_HALVES1N(ps, _mm256_permute_ps, _mm_permute_ps)
__JOMP_INTRIN __m128d _mm_permutevar_pd(__m128d __a, __m128i __c) { return (__m128d){__a[(__c[0] >> 1) & 1], __a[(__c[1] >> 1) & 1]}; }
__JOMP_INTRIN __m128 _mm_permutevar_ps(__m128 __a, __m128i __c) {
  __v4si __k = (__v4si)__c;
  return (__m128){__a[__k[0] & 3], __a[__k[1] & 3], __a[__k[2] & 3], __a[__k[3] & 3]};
}
__JOMP_INTRIN __m256d _mm256_permutevar_pd(__m256d __a, __m256i __c) {
  return __jomp_join_pd(_mm_permutevar_pd(__jomp_lo_pd(__a), __jomp_lo_i(__c)), _mm_permutevar_pd(__jomp_hi_pd(__a), __jomp_hi_i(__c)));
}
__JOMP_INTRIN __m256 _mm256_permutevar_ps(__m256 __a, __m256i __c) {
  return __jomp_join_ps(_mm_permutevar_ps(__jomp_lo_ps(__a), __jomp_lo_i(__c)), _mm_permutevar_ps(__jomp_hi_ps(__a), __jomp_hi_i(__c)));
}
/* each half of the result: a's low or high half, b's, or zero (bit 3), by 4 bits of the immediate */
__JOMP_INTRIN __m256i __jomp_perm2x128(__m256i __a, __m256i __b, int __m) {
  __m128i __h[2];
  for (int __i = 0; __i < 2; __i++) {
    int __c = __m >> (4 * __i);
    __m256i __s = (__c & 2) ? __b : __a;
    __h[__i] = (__c & 8) ? (__m128i){0, 0} : (__c & 1) ? __jomp_hi_i(__s) : __jomp_lo_i(__s);
  }
  return __jomp_join_i(__h[0], __h[1]);
}
__JOMP_INTRIN __m256d _mm256_permute2f128_pd(__m256d __a, __m256d __b, int __m) { return (__m256d)__jomp_perm2x128((__m256i)__a, (__m256i)__b, __m); }
__JOMP_INTRIN __m256 _mm256_permute2f128_ps(__m256 __a, __m256 __b, int __m) { return (__m256)__jomp_perm2x128((__m256i)__a, (__m256i)__b, __m); }
__JOMP_INTRIN __m256i _mm256_permute2f128_si256(__m256i __a, __m256i __b, int __m) { return __jomp_perm2x128(__a, __b, __m); }

/* comparisons by predicate (_CMP_*): the low 4 bits choose it, bit 4 only whether quiet NaNs signal */
#define _CMP_EQ_OQ 0x00
#define _CMP_LT_OS 0x01
#define _CMP_LE_OS 0x02
#define _CMP_UNORD_Q 0x03
#define _CMP_NEQ_UQ 0x04
#define _CMP_NLT_US 0x05
#define _CMP_NLE_US 0x06
#define _CMP_ORD_Q 0x07
#define _CMP_EQ_UQ 0x08
#define _CMP_NGE_US 0x09
#define _CMP_NGT_US 0x0a
#define _CMP_FALSE_OQ 0x0b
#define _CMP_NEQ_OQ 0x0c
#define _CMP_GE_OS 0x0d
#define _CMP_GT_OS 0x0e
#define _CMP_TRUE_UQ 0x0f
#define _CMP_EQ_OS 0x10
#define _CMP_LT_OQ 0x11
#define _CMP_LE_OQ 0x12
#define _CMP_UNORD_S 0x13
#define _CMP_NEQ_US 0x14
#define _CMP_NLT_UQ 0x15
#define _CMP_NLE_UQ 0x16
#define _CMP_ORD_S 0x17
#define _CMP_EQ_US 0x18
#define _CMP_NGE_UQ 0x19
#define _CMP_NGT_UQ 0x1a
#define _CMP_FALSE_OS 0x1b
#define _CMP_NEQ_OS 0x1c
#define _CMP_GE_OQ 0x1d
#define _CMP_GT_OQ 0x1e
#define _CMP_TRUE_US 0x1f
__JOMP_INTRIN int __jomp_cmp(double __x, double __y, int __p) {
  int __u = __x != __x || __y != __y, __lt = __x < __y, __eq = __x == __y, __gt = __x > __y;
  switch (__p & 15) {
  case 0: return __eq;
  case 1: return __lt;
  case 2: return __lt || __eq;
  case 3: return __u;
  case 4: return !__eq;
  case 5: return !__lt;
  case 6: return !(__lt || __eq);
  case 7: return !__u;
  case 8: return __u || __eq;
  case 9: return __u || __lt;
  case 10: return __u || __lt || __eq;
  case 11: return 0;
  case 12: return !__u && !__eq;
  case 13: return __gt || __eq;
  case 14: return __gt;
  default: return 1;
  }
}
__JOMP_INTRIN __m128 _mm_cmp_ps(__m128 __a, __m128 __b, int __p) {
  __v4si __r;
  for (int __i = 0; __i < 4; __i++) __r[__i] = __jomp_cmp(__a[__i], __b[__i], __p) ? -1 : 0;
  return (__m128)__r;
}
__JOMP_INTRIN __m128d _mm_cmp_pd(__m128d __a, __m128d __b, int __p) {
  return (__m128d)(__v2di){__jomp_cmp(__a[0], __b[0], __p) ? -1 : 0, __jomp_cmp(__a[1], __b[1], __p) ? -1 : 0};
}
__JOMP_INTRIN __m128 _mm_cmp_ss(__m128 __a, __m128 __b, int __p) {
  __v4si __r = (__v4si)__a;
  __r[0] = __jomp_cmp(__a[0], __b[0], __p) ? -1 : 0;
  return (__m128)__r;
}
__JOMP_INTRIN __m128d _mm_cmp_sd(__m128d __a, __m128d __b, int __p) {
  __v2di __r = (__v2di)__a;
  __r[0] = __jomp_cmp(__a[0], __b[0], __p) ? -1 : 0;
  return (__m128d)__r;
}
__JOMP_HALVES2N(ps, _mm256_cmp_ps, _mm_cmp_ps)
__JOMP_HALVES2N(pd, _mm256_cmp_pd, _mm_cmp_pd)

/* conversions */
__JOMP_INTRIN __m256d _mm256_cvtepi32_pd(__m128i __a) { __v4si __v = (__v4si)__a; return (__m256d){__v[0], __v[1], __v[2], __v[3]}; }
__JOMP_INTRIN __m256 _mm256_cvtepi32_ps(__m256i __a) { return __jomp_join_ps(_mm_cvtepi32_ps(__jomp_lo_i(__a)), _mm_cvtepi32_ps(__jomp_hi_i(__a))); }
__JOMP_INTRIN __m128 _mm256_cvtpd_ps(__m256d __a) { return (__m128){(float)__a[0], (float)__a[1], (float)__a[2], (float)__a[3]}; }
__JOMP_INTRIN __m256i _mm256_cvtps_epi32(__m256 __a) { return __jomp_join_i(_mm_cvtps_epi32(__jomp_lo_ps(__a)), _mm_cvtps_epi32(__jomp_hi_ps(__a))); }
__JOMP_INTRIN __m256i _mm256_cvttps_epi32(__m256 __a) { return __jomp_join_i(_mm_cvttps_epi32(__jomp_lo_ps(__a)), _mm_cvttps_epi32(__jomp_hi_ps(__a))); }
__JOMP_INTRIN __m256d _mm256_cvtps_pd(__m128 __a) { return (__m256d){__a[0], __a[1], __a[2], __a[3]}; }
__JOMP_INTRIN __m128i _mm256_cvtpd_epi32(__m256d __a) {
  return (__m128i)(__v4si){__jomp_d2i(__a[0], 0), __jomp_d2i(__a[1], 0), __jomp_d2i(__a[2], 0), __jomp_d2i(__a[3], 0)};
}
__JOMP_INTRIN __m128i _mm256_cvttpd_epi32(__m256d __a) {
  return (__m128i)(__v4si){__jomp_d2i(__a[0], 1), __jomp_d2i(__a[1], 1), __jomp_d2i(__a[2], 1), __jomp_d2i(__a[3], 1)};
}
__JOMP_INTRIN double _mm256_cvtsd_f64(__m256d __a) { return __a[0]; }
__JOMP_INTRIN int _mm256_cvtsi256_si32(__m256i __a) { return ((__v8si)__a)[0]; }
__JOMP_INTRIN float _mm256_cvtss_f32(__m256 __a) { return __a[0]; }

/* lanes out and in */
__JOMP_INTRIN int _mm256_extract_epi32(__m256i __a, int __i) { return ((__v8si)__a)[__i & 7]; }
__JOMP_INTRIN int _mm256_extract_epi16(__m256i __a, int __i) { return ((__v16hu)__a)[__i & 15]; }
__JOMP_INTRIN int _mm256_extract_epi8(__m256i __a, int __i) { return ((__v32qu)__a)[__i & 31]; }
__JOMP_INTRIN long long _mm256_extract_epi64(__m256i __a, int __i) { return __a[__i & 3]; }
__JOMP_INTRIN __m256i _mm256_insert_epi32(__m256i __a, int __b, int __i) { __v8si __x = (__v8si)__a; __x[__i & 7] = __b; return (__m256i)__x; }
__JOMP_INTRIN __m256i _mm256_insert_epi16(__m256i __a, int __b, int __i) { __v16hi __x = (__v16hi)__a; __x[__i & 15] = (short)__b; return (__m256i)__x; }
__JOMP_INTRIN __m256i _mm256_insert_epi8(__m256i __a, int __b, int __i) { __v32qi __x = (__v32qi)__a; __x[__i & 31] = (char)__b; return (__m256i)__x; }
__JOMP_INTRIN __m256i _mm256_insert_epi64(__m256i __a, long long __b, int __i) { __a[__i & 3] = __b; return __a; }
__JOMP_INTRIN __m128 _mm256_extractf128_ps(__m256 __a, int __i) { return (__i & 1) ? __jomp_hi_ps(__a) : __jomp_lo_ps(__a); }
__JOMP_INTRIN __m128d _mm256_extractf128_pd(__m256d __a, int __i) { return (__i & 1) ? __jomp_hi_pd(__a) : __jomp_lo_pd(__a); }
__JOMP_INTRIN __m128i _mm256_extractf128_si256(__m256i __a, int __i) { return (__i & 1) ? __jomp_hi_i(__a) : __jomp_lo_i(__a); }
__JOMP_INTRIN __m256 _mm256_insertf128_ps(__m256 __a, __m128 __b, int __i) {
  return (__i & 1) ? __jomp_join_ps(__jomp_lo_ps(__a), __b) : __jomp_join_ps(__b, __jomp_hi_ps(__a));
}
__JOMP_INTRIN __m256d _mm256_insertf128_pd(__m256d __a, __m128d __b, int __i) {
  return (__i & 1) ? __jomp_join_pd(__jomp_lo_pd(__a), __b) : __jomp_join_pd(__b, __jomp_hi_pd(__a));
}
__JOMP_INTRIN __m256i _mm256_insertf128_si256(__m256i __a, __m128i __b, int __i) {
  return (__i & 1) ? __jomp_join_i(__jomp_lo_i(__a), __b) : __jomp_join_i(__b, __jomp_hi_i(__a));
}

/* sign-bit tests and masks */
__JOMP_INTRIN int _mm256_testz_si256(__m256i __a, __m256i __b) { __m256i __t = __a & __b; return (__t[0] | __t[1] | __t[2] | __t[3]) == 0; }
__JOMP_INTRIN int _mm256_testc_si256(__m256i __a, __m256i __b) { __m256i __t = ~__a & __b; return (__t[0] | __t[1] | __t[2] | __t[3]) == 0; }
__JOMP_INTRIN int _mm256_testnzc_si256(__m256i __a, __m256i __b) { return !_mm256_testz_si256(__a, __b) && !_mm256_testc_si256(__a, __b); }
__JOMP_INTRIN int __jomp_signs_zero(unsigned long long __x) { return (__x & 0x8000000080000000ull) == 0; }
__JOMP_INTRIN int _mm_testz_pd(__m128d __a, __m128d __b) { __v2du __t = (__v2du)__a & (__v2du)__b; return ((__t[0] | __t[1]) >> 63) == 0; }
__JOMP_INTRIN int _mm_testc_pd(__m128d __a, __m128d __b) { __v2du __t = ~(__v2du)__a & (__v2du)__b; return ((__t[0] | __t[1]) >> 63) == 0; }
__JOMP_INTRIN int _mm_testnzc_pd(__m128d __a, __m128d __b) { return !_mm_testz_pd(__a, __b) && !_mm_testc_pd(__a, __b); }
__JOMP_INTRIN int _mm_testz_ps(__m128 __a, __m128 __b) { __v2du __t = (__v2du)__a & (__v2du)__b; return __jomp_signs_zero(__t[0] | __t[1]); }
__JOMP_INTRIN int _mm_testc_ps(__m128 __a, __m128 __b) { __v2du __t = ~(__v2du)__a & (__v2du)__b; return __jomp_signs_zero(__t[0] | __t[1]); }
__JOMP_INTRIN int _mm_testnzc_ps(__m128 __a, __m128 __b) { return !_mm_testz_ps(__a, __b) && !_mm_testc_ps(__a, __b); }
__JOMP_INTRIN int _mm256_testz_pd(__m256d __a, __m256d __b) { __v4du __t = (__v4du)__a & (__v4du)__b; return ((__t[0] | __t[1] | __t[2] | __t[3]) >> 63) == 0; }
__JOMP_INTRIN int _mm256_testc_pd(__m256d __a, __m256d __b) { __v4du __t = ~(__v4du)__a & (__v4du)__b; return ((__t[0] | __t[1] | __t[2] | __t[3]) >> 63) == 0; }
__JOMP_INTRIN int _mm256_testnzc_pd(__m256d __a, __m256d __b) { return !_mm256_testz_pd(__a, __b) && !_mm256_testc_pd(__a, __b); }
__JOMP_INTRIN int _mm256_testz_ps(__m256 __a, __m256 __b) { __v4du __t = (__v4du)__a & (__v4du)__b; return __jomp_signs_zero(__t[0] | __t[1] | __t[2] | __t[3]); }
__JOMP_INTRIN int _mm256_testc_ps(__m256 __a, __m256 __b) { __v4du __t = ~(__v4du)__a & (__v4du)__b; return __jomp_signs_zero(__t[0] | __t[1] | __t[2] | __t[3]); }
__JOMP_INTRIN int _mm256_testnzc_ps(__m256 __a, __m256 __b) { return !_mm256_testz_ps(__a, __b) && !_mm256_testc_ps(__a, __b); }
__JOMP_INTRIN int _mm256_movemask_pd(__m256d __a) { return _mm_movemask_pd(__jomp_lo_pd(__a)) | _mm_movemask_pd(__jomp_hi_pd(__a)) << 2; }
__JOMP_INTRIN int _mm256_movemask_ps(__m256 __a) { return _mm_movemask_ps(__jomp_lo_ps(__a)) | _mm_movemask_ps(__jomp_hi_ps(__a)) << 4; }

/* the upper halves of the registers: nothing to clear here */
__JOMP_INTRIN void _mm256_zeroall(void) {}
__JOMP_INTRIN void _mm256_zeroupper(void) {}

/* broadcasts, loads and stores */
__JOMP_INTRIN __m128 _mm_broadcast_ss(const float *__p) { return _mm_load1_ps(__p); }
__JOMP_INTRIN __m256d _mm256_broadcast_sd(const double *__p) { double __d; __builtin_memcpy(&__d, __p, 8); return (__m256d){__d, __d, __d, __d}; }
__JOMP_INTRIN __m256 _mm256_broadcast_ss(const float *__p) { __m128 __a = _mm_load1_ps(__p); return __jomp_join_ps(__a, __a); }
__JOMP_INTRIN __m256d _mm256_broadcast_pd(const __m128d *__p) { __m128d __a = _mm_loadu_pd((const double *)__p); return __jomp_join_pd(__a, __a); }
__JOMP_INTRIN __m256 _mm256_broadcast_ps(const __m128 *__p) { __m128 __a = _mm_loadu_ps((const float *)__p); return __jomp_join_ps(__a, __a); }
__JOMP_INTRIN __m256d _mm256_load_pd(const double *__p) { return *(const __m256d *)__p; }
__JOMP_INTRIN __m256 _mm256_load_ps(const float *__p) { return *(const __m256 *)__p; }
__JOMP_INTRIN __m256d _mm256_loadu_pd(const double *__p) { __m256d __r; __builtin_memcpy(&__r, __p, 32); return __r; }
__JOMP_INTRIN __m256 _mm256_loadu_ps(const float *__p) { __m256 __r; __builtin_memcpy(&__r, __p, 32); return __r; }
__JOMP_INTRIN __m256i _mm256_load_si256(const __m256i *__p) { return *__p; }
__JOMP_INTRIN __m256i _mm256_loadu_si256(const __m256i_u *__p) { __m256i __r; __builtin_memcpy(&__r, __p, 32); return __r; }
__JOMP_INTRIN __m256i _mm256_lddqu_si256(const __m256i_u *__p) { return _mm256_loadu_si256(__p); }
__JOMP_INTRIN void _mm256_store_pd(double *__p, __m256d __a) { *(__m256d *)__p = __a; }
__JOMP_INTRIN void _mm256_store_ps(float *__p, __m256 __a) { *(__m256 *)__p = __a; }
__JOMP_INTRIN void _mm256_storeu_pd(double *__p, __m256d __a) { __builtin_memcpy(__p, &__a, 32); }
__JOMP_INTRIN void _mm256_storeu_ps(float *__p, __m256 __a) { __builtin_memcpy(__p, &__a, 32); }
__JOMP_INTRIN void _mm256_store_si256(__m256i *__p, __m256i __a) { *__p = __a; }
__JOMP_INTRIN void _mm256_storeu_si256(__m256i_u *__p, __m256i __a) { __builtin_memcpy(__p, &__a, 32); }
__JOMP_INTRIN void _mm256_stream_si256(void *__p, __m256i __a) { *(__m256i *)__p = __a; }
__JOMP_INTRIN void _mm256_stream_pd(void *__p, __m256d __a) { *(__m256d *)__p = __a; }
__JOMP_INTRIN void _mm256_stream_ps(void *__p, __m256 __a) { *(__m256 *)__p = __a; }
/* masked loads and stores: lanes whose mask's sign bit is clear are not touched (and read as 0) */
#define __JOMP_MASKMOVE(ld, st, vt, mt, et, n)                                                    \
  __JOMP_INTRIN vt ld(const et *__p, mt __m) {                                                    \
    vt __r;                                                                                       \
    for (int __i = 0; __i < n; __i++) __r[__i] = __m[__i] < 0 ? __p[__i] : 0;                     \
    return __r;                                                                                   \
  }                                                                                               \
  __JOMP_INTRIN void st(et *__p, mt __m, vt __a) {                                                \
    for (int __i = 0; __i < n; __i++) if (__m[__i] < 0) __p[__i] = __a[__i];                      \
  }
__JOMP_MASKMOVE(__jomp_maskload_pd, __jomp_maskstore_pd, __m128d, __v2di, double, 2)
__JOMP_MASKMOVE(__jomp_maskload_ps, __jomp_maskstore_ps, __m128, __v4si, float, 4)
__JOMP_MASKMOVE(__jomp_mm256_maskload_pd, __jomp_mm256_maskstore_pd, __m256d, __v4di, double, 4)
__JOMP_MASKMOVE(__jomp_mm256_maskload_ps, __jomp_mm256_maskstore_ps, __m256, __v8si, float, 8)
#define _mm_maskload_pd(p, m) __jomp_maskload_pd((p), (__v2di)(m))
#define _mm_maskload_ps(p, m) __jomp_maskload_ps((p), (__v4si)(m))
#define _mm256_maskload_pd(p, m) __jomp_mm256_maskload_pd((p), (__v4di)(m))
#define _mm256_maskload_ps(p, m) __jomp_mm256_maskload_ps((p), (__v8si)(m))
#define _mm_maskstore_pd(p, m, a) __jomp_maskstore_pd((p), (__v2di)(m), (a))
#define _mm_maskstore_ps(p, m, a) __jomp_maskstore_ps((p), (__v4si)(m), (a))
#define _mm256_maskstore_pd(p, m, a) __jomp_mm256_maskstore_pd((p), (__v4di)(m), (a))
#define _mm256_maskstore_ps(p, m, a) __jomp_mm256_maskstore_ps((p), (__v8si)(m), (a))

/* undefined (zero here), sets */
__JOMP_INTRIN __m256d _mm256_undefined_pd(void) { return (__m256d){0, 0, 0, 0}; }
__JOMP_INTRIN __m256 _mm256_undefined_ps(void) { return (__m256){0, 0, 0, 0, 0, 0, 0, 0}; }
__JOMP_INTRIN __m256i _mm256_undefined_si256(void) { return (__m256i){0, 0, 0, 0}; }
__JOMP_INTRIN __m256d _mm256_setzero_pd(void) { return (__m256d){0, 0, 0, 0}; }
__JOMP_INTRIN __m256 _mm256_setzero_ps(void) { return (__m256){0, 0, 0, 0, 0, 0, 0, 0}; }
__JOMP_INTRIN __m256i _mm256_setzero_si256(void) { return (__m256i){0, 0, 0, 0}; }
__JOMP_INTRIN __m256d _mm256_set_pd(double __a, double __b, double __c, double __d) { return (__m256d){__d, __c, __b, __a}; }
__JOMP_INTRIN __m256 _mm256_set_ps(float __a, float __b, float __c, float __d, float __e, float __f, float __g, float __h) {
  return (__m256){__h, __g, __f, __e, __d, __c, __b, __a};
}
__JOMP_INTRIN __m256i _mm256_set_epi32(int __i0, int __i1, int __i2, int __i3, int __i4, int __i5, int __i6, int __i7) {
  return (__m256i)(__v8si){__i7, __i6, __i5, __i4, __i3, __i2, __i1, __i0};
}
__JOMP_INTRIN __m256i _mm256_set_epi16(short __w15, short __w14, short __w13, short __w12, short __w11, short __w10, short __w09, short __w08,
                                       short __w07, short __w06, short __w05, short __w04, short __w03, short __w02, short __w01, short __w00) {
  return (__m256i)(__v16hi){__w00, __w01, __w02, __w03, __w04, __w05, __w06, __w07, __w08, __w09, __w10, __w11, __w12, __w13, __w14, __w15};
}
__JOMP_INTRIN __m256i _mm256_set_epi8(char __b31, char __b30, char __b29, char __b28, char __b27, char __b26, char __b25, char __b24,
                                      char __b23, char __b22, char __b21, char __b20, char __b19, char __b18, char __b17, char __b16,
                                      char __b15, char __b14, char __b13, char __b12, char __b11, char __b10, char __b09, char __b08,
                                      char __b07, char __b06, char __b05, char __b04, char __b03, char __b02, char __b01, char __b00) {
  return (__m256i)(__v32qi){__b00, __b01, __b02, __b03, __b04, __b05, __b06, __b07, __b08, __b09, __b10, __b11, __b12, __b13, __b14, __b15,
                            __b16, __b17, __b18, __b19, __b20, __b21, __b22, __b23, __b24, __b25, __b26, __b27, __b28, __b29, __b30, __b31};
}
__JOMP_INTRIN __m256i _mm256_set_epi64x(long long __a, long long __b, long long __c, long long __d) { return (__m256i){__d, __c, __b, __a}; }
__JOMP_INTRIN __m256d _mm256_setr_pd(double __a, double __b, double __c, double __d) { return (__m256d){__a, __b, __c, __d}; }
__JOMP_INTRIN __m256 _mm256_setr_ps(float __a, float __b, float __c, float __d, float __e, float __f, float __g, float __h) {
  return (__m256){__a, __b, __c, __d, __e, __f, __g, __h};
}
__JOMP_INTRIN __m256i _mm256_setr_epi32(int __i0, int __i1, int __i2, int __i3, int __i4, int __i5, int __i6, int __i7) {
  return (__m256i)(__v8si){__i0, __i1, __i2, __i3, __i4, __i5, __i6, __i7};
}
__JOMP_INTRIN __m256i _mm256_setr_epi16(short __w15, short __w14, short __w13, short __w12, short __w11, short __w10, short __w09, short __w08,
                                        short __w07, short __w06, short __w05, short __w04, short __w03, short __w02, short __w01, short __w00) {
  return (__m256i)(__v16hi){__w15, __w14, __w13, __w12, __w11, __w10, __w09, __w08, __w07, __w06, __w05, __w04, __w03, __w02, __w01, __w00};
}
__JOMP_INTRIN __m256i _mm256_setr_epi8(char __b31, char __b30, char __b29, char __b28, char __b27, char __b26, char __b25, char __b24,
                                       char __b23, char __b22, char __b21, char __b20, char __b19, char __b18, char __b17, char __b16,
                                       char __b15, char __b14, char __b13, char __b12, char __b11, char __b10, char __b09, char __b08,
                                       char __b07, char __b06, char __b05, char __b04, char __b03, char __b02, char __b01, char __b00) {
  return (__m256i)(__v32qi){__b31, __b30, __b29, __b28, __b27, __b26, __b25, __b24, __b23, __b22, __b21, __b20, __b19, __b18, __b17, __b16,
                            __b15, __b14, __b13, __b12, __b11, __b10, __b09, __b08, __b07, __b06, __b05, __b04, __b03, __b02, __b01, __b00};
}
__JOMP_INTRIN __m256i _mm256_setr_epi64x(long long __a, long long __b, long long __c, long long __d) { return (__m256i){__a, __b, __c, __d}; }
__JOMP_INTRIN __m256d _mm256_set1_pd(double __w) { return (__m256d){__w, __w, __w, __w}; }
__JOMP_INTRIN __m256 _mm256_set1_ps(float __w) { return (__m256){__w, __w, __w, __w, __w, __w, __w, __w}; }
__JOMP_INTRIN __m256i _mm256_set1_epi32(int __i) { __m128i __a = _mm_set1_epi32(__i); return __jomp_join_i(__a, __a); }
__JOMP_INTRIN __m256i _mm256_set1_epi16(short __w) { __m128i __a = _mm_set1_epi16(__w); return __jomp_join_i(__a, __a); }
__JOMP_INTRIN __m256i _mm256_set1_epi8(char __b) { __m128i __a = _mm_set1_epi8(__b); return __jomp_join_i(__a, __a); }
__JOMP_INTRIN __m256i _mm256_set1_epi64x(long long __q) { return (__m256i){__q, __q, __q, __q}; }
__JOMP_INTRIN __m256 _mm256_set_m128(__m128 __hi, __m128 __lo) { return __jomp_join_ps(__lo, __hi); }
__JOMP_INTRIN __m256d _mm256_set_m128d(__m128d __hi, __m128d __lo) { return __jomp_join_pd(__lo, __hi); }
__JOMP_INTRIN __m256i _mm256_set_m128i(__m128i __hi, __m128i __lo) { return __jomp_join_i(__lo, __hi); }
__JOMP_INTRIN __m256 _mm256_setr_m128(__m128 __lo, __m128 __hi) { return __jomp_join_ps(__lo, __hi); }
__JOMP_INTRIN __m256d _mm256_setr_m128d(__m128d __lo, __m128d __hi) { return __jomp_join_pd(__lo, __hi); }
__JOMP_INTRIN __m256i _mm256_setr_m128i(__m128i __lo, __m128i __hi) { return __jomp_join_i(__lo, __hi); }
__JOMP_INTRIN __m256 _mm256_loadu2_m128(const float *__hi, const float *__lo) { return __jomp_join_ps(_mm_loadu_ps(__lo), _mm_loadu_ps(__hi)); }
__JOMP_INTRIN __m256d _mm256_loadu2_m128d(const double *__hi, const double *__lo) { return __jomp_join_pd(_mm_loadu_pd(__lo), _mm_loadu_pd(__hi)); }
__JOMP_INTRIN __m256i _mm256_loadu2_m128i(const __m128i_u *__hi, const __m128i_u *__lo) {
  return __jomp_join_i(_mm_loadu_si128(__lo), _mm_loadu_si128(__hi));
}
__JOMP_INTRIN void _mm256_storeu2_m128(float *__hi, float *__lo, __m256 __a) { _mm_storeu_ps(__lo, __jomp_lo_ps(__a)); _mm_storeu_ps(__hi, __jomp_hi_ps(__a)); }
__JOMP_INTRIN void _mm256_storeu2_m128d(double *__hi, double *__lo, __m256d __a) { _mm_storeu_pd(__lo, __jomp_lo_pd(__a)); _mm_storeu_pd(__hi, __jomp_hi_pd(__a)); }
__JOMP_INTRIN void _mm256_storeu2_m128i(__m128i_u *__hi, __m128i_u *__lo, __m256i __a) {
  _mm_storeu_si128(__lo, __jomp_lo_i(__a));
  _mm_storeu_si128(__hi, __jomp_hi_i(__a));
}

/* casts: the same bits; a 128-bit value widened has a zero upper half here */
__JOMP_INTRIN __m256 _mm256_castpd_ps(__m256d __a) { return (__m256)__a; }
__JOMP_INTRIN __m256i _mm256_castpd_si256(__m256d __a) { return (__m256i)__a; }
__JOMP_INTRIN __m256d _mm256_castps_pd(__m256 __a) { return (__m256d)__a; }
__JOMP_INTRIN __m256i _mm256_castps_si256(__m256 __a) { return (__m256i)__a; }
__JOMP_INTRIN __m256 _mm256_castsi256_ps(__m256i __a) { return (__m256)__a; }
__JOMP_INTRIN __m256d _mm256_castsi256_pd(__m256i __a) { return (__m256d)__a; }
__JOMP_INTRIN __m128d _mm256_castpd256_pd128(__m256d __a) { return __jomp_lo_pd(__a); }
__JOMP_INTRIN __m128 _mm256_castps256_ps128(__m256 __a) { return __jomp_lo_ps(__a); }
__JOMP_INTRIN __m128i _mm256_castsi256_si128(__m256i __a) { return __jomp_lo_i(__a); }
__JOMP_INTRIN __m256d _mm256_castpd128_pd256(__m128d __a) { return __jomp_join_pd(__a, (__m128d){0, 0}); }
__JOMP_INTRIN __m256 _mm256_castps128_ps256(__m128 __a) { return __jomp_join_ps(__a, (__m128){0, 0, 0, 0}); }
__JOMP_INTRIN __m256i _mm256_castsi128_si256(__m128i __a) { return __jomp_join_i(__a, (__m128i){0, 0}); }
__JOMP_INTRIN __m256d _mm256_zextpd128_pd256(__m128d __a) { return __jomp_join_pd(__a, (__m128d){0, 0}); }
__JOMP_INTRIN __m256 _mm256_zextps128_ps256(__m128 __a) { return __jomp_join_ps(__a, (__m128){0, 0, 0, 0}); }
__JOMP_INTRIN __m256i _mm256_zextsi128_si256(__m128i __a) { return __jomp_join_i(__a, (__m128i){0, 0}); }

#endif

/*
 * jomp's <emmintrin.h>: SSE2's intrinsics over __m128d (two doubles) and __m128i (128 bits of
 * integers), written in C, one lane at a time (docs/user-guide.md, "x86 intrinsics"). Intel's
 * definitions: saturating arithmetic clamps, shifts by a count above the lane width give 0
 * (arithmetic right shifts: the sign), byte shifts by more than 15 give 0, conversions out of
 * range give the "integer indefinite" value 0x80000000 (0x8000000000000000 for 64 bits).
 */
#ifndef __EMMINTRIN_H
#define __EMMINTRIN_H

#include <xmmintrin.h>

typedef double __m128d __attribute__((__vector_size__(16), __aligned__(16)));
typedef long long __m128i __attribute__((__vector_size__(16), __aligned__(16)));
typedef double __m128d_u __attribute__((__vector_size__(16), __aligned__(1)));
typedef long long __m128i_u __attribute__((__vector_size__(16), __aligned__(1)));
typedef double __v2df __attribute__((__vector_size__(16)));
typedef long long __v2di __attribute__((__vector_size__(16)));
typedef short __v8hi __attribute__((__vector_size__(16)));
typedef char __v16qi __attribute__((__vector_size__(16)));
typedef unsigned long long __v2du __attribute__((__vector_size__(16)));
typedef unsigned short __v8hu __attribute__((__vector_size__(16)));
typedef unsigned char __v16qu __attribute__((__vector_size__(16)));
typedef signed char __v16qs __attribute__((__vector_size__(16)));

/* helpers: a double to int by cvtsd2si's rules, saturation to 8 and 16 bits */
__JOMP_INTRIN int __jomp_d2i(double __d, int __trunc) {
  double __r = __trunc ? __d : __builtin_rint(__d);
  if (!(__r > -2147483649.0 && __r < 2147483648.0)) return (int)0x80000000u;
  return (int)__r;
}
__JOMP_INTRIN signed char __jomp_sat8(int __x) { return (signed char)(__x < -128 ? -128 : __x > 127 ? 127 : __x); }
__JOMP_INTRIN unsigned char __jomp_satu8(int __x) { return (unsigned char)(__x < 0 ? 0 : __x > 255 ? 255 : __x); }
__JOMP_INTRIN short __jomp_sat16(int __x) { return (short)(__x < -32768 ? -32768 : __x > 32767 ? 32767 : __x); }
__JOMP_INTRIN unsigned short __jomp_satu16(int __x) { return (unsigned short)(__x < 0 ? 0 : __x > 65535 ? 65535 : __x); }
__JOMP_INTRIN __m128d __jomp_sd(__m128d __a, double __d) { __a[0] = __d; return __a; }

/* double arithmetic */
__JOMP_INTRIN __m128d _mm_add_sd(__m128d __a, __m128d __b) { return __jomp_sd(__a, __a[0] + __b[0]); }
__JOMP_INTRIN __m128d _mm_sub_sd(__m128d __a, __m128d __b) { return __jomp_sd(__a, __a[0] - __b[0]); }
__JOMP_INTRIN __m128d _mm_mul_sd(__m128d __a, __m128d __b) { return __jomp_sd(__a, __a[0] * __b[0]); }
__JOMP_INTRIN __m128d _mm_div_sd(__m128d __a, __m128d __b) { return __jomp_sd(__a, __a[0] / __b[0]); }
__JOMP_INTRIN __m128d _mm_add_pd(__m128d __a, __m128d __b) { return __a + __b; }
__JOMP_INTRIN __m128d _mm_sub_pd(__m128d __a, __m128d __b) { return __a - __b; }
__JOMP_INTRIN __m128d _mm_mul_pd(__m128d __a, __m128d __b) { return __a * __b; }
__JOMP_INTRIN __m128d _mm_div_pd(__m128d __a, __m128d __b) { return __a / __b; }
__JOMP_INTRIN __m128d _mm_sqrt_sd(__m128d __a, __m128d __b) { return __jomp_sd(__a, __builtin_sqrt(__b[0])); }
__JOMP_INTRIN __m128d _mm_sqrt_pd(__m128d __a) { return (__m128d){__builtin_sqrt(__a[0]), __builtin_sqrt(__a[1])}; }
__JOMP_INTRIN __m128d _mm_min_sd(__m128d __a, __m128d __b) { return __jomp_sd(__a, __a[0] < __b[0] ? __a[0] : __b[0]); }
__JOMP_INTRIN __m128d _mm_max_sd(__m128d __a, __m128d __b) { return __jomp_sd(__a, __a[0] > __b[0] ? __a[0] : __b[0]); }
__JOMP_INTRIN __m128d _mm_min_pd(__m128d __a, __m128d __b) {
  return (__m128d){__a[0] < __b[0] ? __a[0] : __b[0], __a[1] < __b[1] ? __a[1] : __b[1]};
}
__JOMP_INTRIN __m128d _mm_max_pd(__m128d __a, __m128d __b) {
  return (__m128d){__a[0] > __b[0] ? __a[0] : __b[0], __a[1] > __b[1] ? __a[1] : __b[1]};
}
__JOMP_INTRIN __m128d _mm_and_pd(__m128d __a, __m128d __b) { return (__m128d)((__v2du)__a & (__v2du)__b); }
__JOMP_INTRIN __m128d _mm_andnot_pd(__m128d __a, __m128d __b) { return (__m128d)(~(__v2du)__a & (__v2du)__b); }
__JOMP_INTRIN __m128d _mm_or_pd(__m128d __a, __m128d __b) { return (__m128d)((__v2du)__a | (__v2du)__b); }
__JOMP_INTRIN __m128d _mm_xor_pd(__m128d __a, __m128d __b) { return (__m128d)((__v2du)__a ^ (__v2du)__b); }

#define __JOMP_CMPPD(name, expr)                                                                  \
  __JOMP_INTRIN __m128d _mm_##name##_pd(__m128d __a, __m128d __b) {                               \
    __v2di __r;                                                                                   \
    for (int __i = 0; __i < 2; __i++) { double __x = __a[__i], __y = __b[__i]; __r[__i] = (expr) ? -1 : 0; } \
    return (__m128d)__r;                                                                          \
  }                                                                                               \
  __JOMP_INTRIN __m128d _mm_##name##_sd(__m128d __a, __m128d __b) {                               \
    double __x = __a[0], __y = __b[0];                                                            \
    __v2di __r = (__v2di)__a;                                                                     \
    __r[0] = (expr) ? -1 : 0;                                                                     \
    return (__m128d)__r;                                                                          \
  }
__JOMP_CMPPD(cmpeq, __x == __y)
__JOMP_CMPPD(cmplt, __x < __y)
__JOMP_CMPPD(cmple, __x <= __y)
__JOMP_CMPPD(cmpgt, __x > __y)
__JOMP_CMPPD(cmpge, __x >= __y)
__JOMP_CMPPD(cmpneq, !(__x == __y))
__JOMP_CMPPD(cmpnlt, !(__x < __y))
__JOMP_CMPPD(cmpnle, !(__x <= __y))
__JOMP_CMPPD(cmpngt, !(__x > __y))
__JOMP_CMPPD(cmpnge, !(__x >= __y))
__JOMP_CMPPD(cmpord, __x == __x && __y == __y)
__JOMP_CMPPD(cmpunord, __x != __x || __y != __y)
#undef __JOMP_CMPPD

__JOMP_INTRIN int _mm_comieq_sd(__m128d __a, __m128d __b) { return __a[0] == __b[0]; }
__JOMP_INTRIN int _mm_comilt_sd(__m128d __a, __m128d __b) { return __a[0] < __b[0]; }
__JOMP_INTRIN int _mm_comile_sd(__m128d __a, __m128d __b) { return __a[0] <= __b[0]; }
__JOMP_INTRIN int _mm_comigt_sd(__m128d __a, __m128d __b) { return __a[0] > __b[0]; }
__JOMP_INTRIN int _mm_comige_sd(__m128d __a, __m128d __b) { return __a[0] >= __b[0]; }
__JOMP_INTRIN int _mm_comineq_sd(__m128d __a, __m128d __b) { return !(__a[0] == __b[0]); }
__JOMP_INTRIN int _mm_ucomieq_sd(__m128d __a, __m128d __b) { return __a[0] == __b[0]; }
__JOMP_INTRIN int _mm_ucomilt_sd(__m128d __a, __m128d __b) { return __a[0] < __b[0]; }
__JOMP_INTRIN int _mm_ucomile_sd(__m128d __a, __m128d __b) { return __a[0] <= __b[0]; }
__JOMP_INTRIN int _mm_ucomigt_sd(__m128d __a, __m128d __b) { return __a[0] > __b[0]; }
__JOMP_INTRIN int _mm_ucomige_sd(__m128d __a, __m128d __b) { return __a[0] >= __b[0]; }
__JOMP_INTRIN int _mm_ucomineq_sd(__m128d __a, __m128d __b) { return !(__a[0] == __b[0]); }

/* conversions */
__JOMP_INTRIN __m128 _mm_cvtpd_ps(__m128d __a) { return (__m128){(float)__a[0], (float)__a[1], 0, 0}; }
__JOMP_INTRIN __m128d _mm_cvtps_pd(__m128 __a) { return (__m128d){__a[0], __a[1]}; }
__JOMP_INTRIN __m128d _mm_cvtepi32_pd(__m128i __a) { __v4si __v = (__v4si)__a; return (__m128d){__v[0], __v[1]}; }
__JOMP_INTRIN __m128i _mm_cvtpd_epi32(__m128d __a) { return (__m128i)(__v4si){__jomp_d2i(__a[0], 0), __jomp_d2i(__a[1], 0), 0, 0}; }
__JOMP_INTRIN __m128i _mm_cvttpd_epi32(__m128d __a) { return (__m128i)(__v4si){__jomp_d2i(__a[0], 1), __jomp_d2i(__a[1], 1), 0, 0}; }
__JOMP_INTRIN int _mm_cvtsd_si32(__m128d __a) { return __jomp_d2i(__a[0], 0); }
__JOMP_INTRIN int _mm_cvttsd_si32(__m128d __a) { return __jomp_d2i(__a[0], 1); }
__JOMP_INTRIN long long _mm_cvtsd_si64(__m128d __a) { return __jomp_f2ll(__a[0], 0); }
__JOMP_INTRIN long long _mm_cvttsd_si64(__m128d __a) { return __jomp_f2ll(__a[0], 1); }
#define _mm_cvtsd_si64x _mm_cvtsd_si64
#define _mm_cvttsd_si64x _mm_cvttsd_si64
__JOMP_INTRIN __m128 _mm_cvtsd_ss(__m128 __a, __m128d __b) { __a[0] = (float)__b[0]; return __a; }
__JOMP_INTRIN __m128d _mm_cvtsi32_sd(__m128d __a, int __b) { return __jomp_sd(__a, __b); }
__JOMP_INTRIN __m128d _mm_cvtsi64_sd(__m128d __a, long long __b) { return __jomp_sd(__a, (double)__b); }
#define _mm_cvtsi64x_sd _mm_cvtsi64_sd
__JOMP_INTRIN __m128d _mm_cvtss_sd(__m128d __a, __m128 __b) { return __jomp_sd(__a, __b[0]); }
__JOMP_INTRIN double _mm_cvtsd_f64(__m128d __a) { return __a[0]; }
__JOMP_INTRIN __m128 _mm_cvtepi32_ps(__m128i __a) {
  __v4si __v = (__v4si)__a;
  return (__m128){(float)__v[0], (float)__v[1], (float)__v[2], (float)__v[3]};
}
__JOMP_INTRIN __m128i _mm_cvtps_epi32(__m128 __a) {
  return (__m128i)(__v4si){__jomp_f2i(__a[0], 0), __jomp_f2i(__a[1], 0), __jomp_f2i(__a[2], 0), __jomp_f2i(__a[3], 0)};
}
__JOMP_INTRIN __m128i _mm_cvttps_epi32(__m128 __a) {
  return (__m128i)(__v4si){__jomp_f2i(__a[0], 1), __jomp_f2i(__a[1], 1), __jomp_f2i(__a[2], 1), __jomp_f2i(__a[3], 1)};
}
__JOMP_INTRIN __m128i _mm_cvtsi32_si128(int __a) { return (__m128i)(__v4si){__a, 0, 0, 0}; }
__JOMP_INTRIN __m128i _mm_cvtsi64_si128(long long __a) { return (__m128i){__a, 0}; }
#define _mm_cvtsi64x_si128 _mm_cvtsi64_si128
__JOMP_INTRIN int _mm_cvtsi128_si32(__m128i __a) { return ((__v4si)__a)[0]; }
__JOMP_INTRIN long long _mm_cvtsi128_si64(__m128i __a) { return __a[0]; }
#define _mm_cvtsi128_si64x _mm_cvtsi128_si64

/* loads and stores of doubles */
__JOMP_INTRIN __m128d _mm_load_pd(const double *__p) { return *(const __m128d *)__p; }
__JOMP_INTRIN __m128d _mm_loadu_pd(const double *__p) { __m128d __r; __builtin_memcpy(&__r, __p, 16); return __r; }
__JOMP_INTRIN __m128d _mm_load1_pd(const double *__p) { double __d; __builtin_memcpy(&__d, __p, 8); return (__m128d){__d, __d}; }
#define _mm_load_pd1(p) _mm_load1_pd(p)
__JOMP_INTRIN __m128d _mm_loadr_pd(const double *__p) { __m128d __a = _mm_load_pd(__p); return (__m128d){__a[1], __a[0]}; }
__JOMP_INTRIN __m128d _mm_load_sd(const double *__p) { double __d; __builtin_memcpy(&__d, __p, 8); return (__m128d){__d, 0}; }
__JOMP_INTRIN __m128d _mm_loadh_pd(__m128d __a, const double *__p) { double __d; __builtin_memcpy(&__d, __p, 8); __a[1] = __d; return __a; }
__JOMP_INTRIN __m128d _mm_loadl_pd(__m128d __a, const double *__p) { double __d; __builtin_memcpy(&__d, __p, 8); __a[0] = __d; return __a; }
__JOMP_INTRIN __m128d _mm_undefined_pd(void) { return (__m128d){0, 0}; }
__JOMP_INTRIN __m128d _mm_set_sd(double __w) { return (__m128d){__w, 0}; }
__JOMP_INTRIN __m128d _mm_set1_pd(double __w) { return (__m128d){__w, __w}; }
__JOMP_INTRIN __m128d _mm_set_pd1(double __w) { return (__m128d){__w, __w}; }
__JOMP_INTRIN __m128d _mm_set_pd(double __w, double __x) { return (__m128d){__x, __w}; }
__JOMP_INTRIN __m128d _mm_setr_pd(double __w, double __x) { return (__m128d){__w, __x}; }
__JOMP_INTRIN __m128d _mm_setzero_pd(void) { return (__m128d){0, 0}; }
__JOMP_INTRIN __m128d _mm_move_sd(__m128d __a, __m128d __b) { __a[0] = __b[0]; return __a; }
__JOMP_INTRIN void _mm_store_sd(double *__p, __m128d __a) { double __d = __a[0]; __builtin_memcpy(__p, &__d, 8); }
__JOMP_INTRIN void _mm_store_pd(double *__p, __m128d __a) { *(__m128d *)__p = __a; }
__JOMP_INTRIN void _mm_store1_pd(double *__p, __m128d __a) { _mm_store_pd(__p, (__m128d){__a[0], __a[0]}); }
#define _mm_store_pd1(p, a) _mm_store1_pd(p, a)
__JOMP_INTRIN void _mm_storeu_pd(double *__p, __m128d __a) { __builtin_memcpy(__p, &__a, 16); }
__JOMP_INTRIN void _mm_storer_pd(double *__p, __m128d __a) { _mm_store_pd(__p, (__m128d){__a[1], __a[0]}); }
__JOMP_INTRIN void _mm_storeh_pd(double *__p, __m128d __a) { double __d = __a[1]; __builtin_memcpy(__p, &__d, 8); }
__JOMP_INTRIN void _mm_storel_pd(double *__p, __m128d __a) { double __d = __a[0]; __builtin_memcpy(__p, &__d, 8); }
__JOMP_INTRIN void _mm_stream_pd(void *__p, __m128d __a) { *(__m128d *)__p = __a; }
__JOMP_INTRIN __m128d _mm_unpackhi_pd(__m128d __a, __m128d __b) { return (__m128d){__a[1], __b[1]}; }
__JOMP_INTRIN __m128d _mm_unpacklo_pd(__m128d __a, __m128d __b) { return (__m128d){__a[0], __b[0]}; }
__JOMP_INTRIN int _mm_movemask_pd(__m128d __a) { return (int)(((__v2du)__a)[0] >> 63) | (int)(((__v2du)__a)[1] >> 63) << 1; }
__JOMP_INTRIN __m128d __jomp_shuffle_pd(__m128d __a, __m128d __b, int __m) { return (__m128d){__a[__m & 1], __b[(__m >> 1) & 1]}; }
#define _mm_shuffle_pd(a, b, i) __jomp_shuffle_pd((a), (b), (i))

/* casts: the same 128 bits */
__JOMP_INTRIN __m128 _mm_castpd_ps(__m128d __a) { return (__m128)__a; }
__JOMP_INTRIN __m128i _mm_castpd_si128(__m128d __a) { return (__m128i)__a; }
__JOMP_INTRIN __m128d _mm_castps_pd(__m128 __a) { return (__m128d)__a; }
__JOMP_INTRIN __m128i _mm_castps_si128(__m128 __a) { return (__m128i)__a; }
__JOMP_INTRIN __m128 _mm_castsi128_ps(__m128i __a) { return (__m128)__a; }
__JOMP_INTRIN __m128d _mm_castsi128_pd(__m128i __a) { return (__m128d)__a; }

/* integer loads, stores and sets */
__JOMP_INTRIN __m128i _mm_load_si128(const __m128i *__p) { return *__p; }
__JOMP_INTRIN __m128i _mm_loadu_si128(const __m128i_u *__p) { __m128i __r; __builtin_memcpy(&__r, __p, 16); return __r; }
__JOMP_INTRIN __m128i _mm_lddqu_si128(const __m128i_u *__p) { return _mm_loadu_si128(__p); }
__JOMP_INTRIN __m128i _mm_loadl_epi64(const __m128i_u *__p) { long long __l; __builtin_memcpy(&__l, __p, 8); return (__m128i){__l, 0}; }
__JOMP_INTRIN __m128i _mm_loadu_si64(const void *__p) { long long __l; __builtin_memcpy(&__l, __p, 8); return (__m128i){__l, 0}; }
__JOMP_INTRIN __m128i _mm_loadu_si32(const void *__p) { int __l; __builtin_memcpy(&__l, __p, 4); return (__m128i)(__v4si){__l, 0, 0, 0}; }
__JOMP_INTRIN __m128i _mm_loadu_si16(const void *__p) { short __l; __builtin_memcpy(&__l, __p, 2); return (__m128i)(__v8hi){__l, 0, 0, 0, 0, 0, 0, 0}; }
__JOMP_INTRIN __m128i _mm_undefined_si128(void) { return (__m128i){0, 0}; }
__JOMP_INTRIN __m128i _mm_set_epi64x(long long __q1, long long __q0) { return (__m128i){__q0, __q1}; }
__JOMP_INTRIN __m128i _mm_set_epi64(__m64 __q1, __m64 __q0) { return (__m128i){__q0[0], __q1[0]}; }
__JOMP_INTRIN __m128i _mm_set_epi32(int __i3, int __i2, int __i1, int __i0) { return (__m128i)(__v4si){__i0, __i1, __i2, __i3}; }
__JOMP_INTRIN __m128i _mm_set_epi16(short __w7, short __w6, short __w5, short __w4, short __w3, short __w2, short __w1, short __w0) {
  return (__m128i)(__v8hi){__w0, __w1, __w2, __w3, __w4, __w5, __w6, __w7};
}
__JOMP_INTRIN __m128i _mm_set_epi8(char __b15, char __b14, char __b13, char __b12, char __b11, char __b10, char __b9, char __b8,
                                   char __b7, char __b6, char __b5, char __b4, char __b3, char __b2, char __b1, char __b0) {
  return (__m128i)(__v16qi){__b0, __b1, __b2, __b3, __b4, __b5, __b6, __b7, __b8, __b9, __b10, __b11, __b12, __b13, __b14, __b15};
}
__JOMP_INTRIN __m128i _mm_set1_epi64x(long long __q) { return (__m128i){__q, __q}; }
__JOMP_INTRIN __m128i _mm_set1_epi64(__m64 __q) { return (__m128i){__q[0], __q[0]}; }
__JOMP_INTRIN __m128i _mm_set1_epi32(int __i) { return (__m128i)(__v4si){__i, __i, __i, __i}; }
__JOMP_INTRIN __m128i _mm_set1_epi16(short __w) { return (__m128i)(__v8hi){__w, __w, __w, __w, __w, __w, __w, __w}; }
__JOMP_INTRIN __m128i _mm_set1_epi8(char __b) {
  return (__m128i)(__v16qi){__b, __b, __b, __b, __b, __b, __b, __b, __b, __b, __b, __b, __b, __b, __b, __b};
}
__JOMP_INTRIN __m128i _mm_setr_epi64(__m64 __q0, __m64 __q1) { return (__m128i){__q0[0], __q1[0]}; }
__JOMP_INTRIN __m128i _mm_setr_epi32(int __i0, int __i1, int __i2, int __i3) { return (__m128i)(__v4si){__i0, __i1, __i2, __i3}; }
__JOMP_INTRIN __m128i _mm_setr_epi16(short __w0, short __w1, short __w2, short __w3, short __w4, short __w5, short __w6, short __w7) {
  return (__m128i)(__v8hi){__w0, __w1, __w2, __w3, __w4, __w5, __w6, __w7};
}
__JOMP_INTRIN __m128i _mm_setr_epi8(char __b0, char __b1, char __b2, char __b3, char __b4, char __b5, char __b6, char __b7,
                                    char __b8, char __b9, char __b10, char __b11, char __b12, char __b13, char __b14, char __b15) {
  return (__m128i)(__v16qi){__b0, __b1, __b2, __b3, __b4, __b5, __b6, __b7, __b8, __b9, __b10, __b11, __b12, __b13, __b14, __b15};
}
__JOMP_INTRIN __m128i _mm_setzero_si128(void) { return (__m128i){0, 0}; }
__JOMP_INTRIN void _mm_store_si128(__m128i *__p, __m128i __b) { *__p = __b; }
__JOMP_INTRIN void _mm_storeu_si128(__m128i_u *__p, __m128i __b) { __builtin_memcpy(__p, &__b, 16); }
__JOMP_INTRIN void _mm_storeu_si64(void *__p, __m128i __b) { long long __l = __b[0]; __builtin_memcpy(__p, &__l, 8); }
__JOMP_INTRIN void _mm_storeu_si32(void *__p, __m128i __b) { int __l = ((__v4si)__b)[0]; __builtin_memcpy(__p, &__l, 4); }
__JOMP_INTRIN void _mm_storeu_si16(void *__p, __m128i __b) { short __l = ((__v8hi)__b)[0]; __builtin_memcpy(__p, &__l, 2); }
__JOMP_INTRIN void _mm_storel_epi64(__m128i_u *__p, __m128i __a) { _mm_storeu_si64(__p, __a); }
__JOMP_INTRIN void _mm_maskmoveu_si128(__m128i __d, __m128i __n, char *__p) {
  for (int __i = 0; __i < 16; __i++) if (((__v16qi)__n)[__i] < 0) __p[__i] = ((__v16qi)__d)[__i];
}
__JOMP_INTRIN void _mm_stream_si128(void *__p, __m128i __a) { *(__m128i *)__p = __a; }
__JOMP_INTRIN void _mm_stream_si32(void *__p, int __a) { __builtin_memcpy(__p, &__a, 4); }
__JOMP_INTRIN void _mm_stream_si64(void *__p, long long __a) { __builtin_memcpy(__p, &__a, 8); }
__JOMP_INTRIN __m128i _mm_move_epi64(__m128i __a) { return (__m128i){__a[0], 0}; }
__JOMP_INTRIN void _mm_clflush(const void *__p) { (void)__p; }
__JOMP_INTRIN void _mm_lfence(void) { __asm__ __volatile__("lfence" ::: "memory"); }
__JOMP_INTRIN void _mm_mfence(void) { __asm__ __volatile__("mfence" ::: "memory"); }
__JOMP_INTRIN void _mm_pause(void) { __asm__ __volatile__("pause"); }

/* integer arithmetic */
__JOMP_INTRIN __m128i _mm_add_epi8(__m128i __a, __m128i __b) { return (__m128i)((__v16qu)__a + (__v16qu)__b); }
__JOMP_INTRIN __m128i _mm_add_epi16(__m128i __a, __m128i __b) { return (__m128i)((__v8hu)__a + (__v8hu)__b); }
__JOMP_INTRIN __m128i _mm_add_epi32(__m128i __a, __m128i __b) { return (__m128i)((__v4su)__a + (__v4su)__b); }
__JOMP_INTRIN __m128i _mm_add_epi64(__m128i __a, __m128i __b) { return (__m128i)((__v2du)__a + (__v2du)__b); }
__JOMP_INTRIN __m128i _mm_sub_epi8(__m128i __a, __m128i __b) { return (__m128i)((__v16qu)__a - (__v16qu)__b); }
__JOMP_INTRIN __m128i _mm_sub_epi16(__m128i __a, __m128i __b) { return (__m128i)((__v8hu)__a - (__v8hu)__b); }
__JOMP_INTRIN __m128i _mm_sub_epi32(__m128i __a, __m128i __b) { return (__m128i)((__v4su)__a - (__v4su)__b); }
__JOMP_INTRIN __m128i _mm_sub_epi64(__m128i __a, __m128i __b) { return (__m128i)((__v2du)__a - (__v2du)__b); }
#define __JOMP_LANES(name, vt, n, expr)                                                           \
  __JOMP_INTRIN __m128i name(__m128i __a, __m128i __b) {                                          \
    vt __x = (vt)__a, __y = (vt)__b, __r;                                                         \
    for (int __i = 0; __i < n; __i++) __r[__i] = (expr);                                          \
    return (__m128i)__r;                                                                          \
  }
__JOMP_LANES(_mm_adds_epi8, __v16qs, 16, __jomp_sat8(__x[__i] + __y[__i]))
__JOMP_LANES(_mm_adds_epi16, __v8hi, 8, __jomp_sat16(__x[__i] + __y[__i]))
__JOMP_LANES(_mm_adds_epu8, __v16qu, 16, __jomp_satu8(__x[__i] + __y[__i]))
__JOMP_LANES(_mm_adds_epu16, __v8hu, 8, __jomp_satu16(__x[__i] + __y[__i]))
__JOMP_LANES(_mm_subs_epi8, __v16qs, 16, __jomp_sat8(__x[__i] - __y[__i]))
__JOMP_LANES(_mm_subs_epi16, __v8hi, 8, __jomp_sat16(__x[__i] - __y[__i]))
__JOMP_LANES(_mm_subs_epu8, __v16qu, 16, __jomp_satu8(__x[__i] - __y[__i]))
__JOMP_LANES(_mm_subs_epu16, __v8hu, 8, __jomp_satu16(__x[__i] - __y[__i]))
__JOMP_LANES(_mm_avg_epu8, __v16qu, 16, (__x[__i] + __y[__i] + 1) >> 1)
__JOMP_LANES(_mm_avg_epu16, __v8hu, 8, (__x[__i] + __y[__i] + 1) >> 1)
__JOMP_LANES(_mm_max_epi16, __v8hi, 8, __x[__i] > __y[__i] ? __x[__i] : __y[__i])
__JOMP_LANES(_mm_max_epu8, __v16qu, 16, __x[__i] > __y[__i] ? __x[__i] : __y[__i])
__JOMP_LANES(_mm_min_epi16, __v8hi, 8, __x[__i] < __y[__i] ? __x[__i] : __y[__i])
__JOMP_LANES(_mm_min_epu8, __v16qu, 16, __x[__i] < __y[__i] ? __x[__i] : __y[__i])
__JOMP_LANES(_mm_mulhi_epi16, __v8hi, 8, (short)((__x[__i] * __y[__i]) >> 16))
__JOMP_LANES(_mm_mulhi_epu16, __v8hu, 8, (unsigned short)(((unsigned)__x[__i] * __y[__i]) >> 16))
__JOMP_LANES(_mm_mullo_epi16, __v8hu, 8, (unsigned short)((unsigned)__x[__i] * __y[__i]))
__JOMP_LANES(_mm_cmpeq_epi8, __v16qi, 16, __x[__i] == __y[__i] ? -1 : 0)
__JOMP_LANES(_mm_cmpeq_epi16, __v8hi, 8, __x[__i] == __y[__i] ? -1 : 0)
__JOMP_LANES(_mm_cmpeq_epi32, __v4si, 4, __x[__i] == __y[__i] ? -1 : 0)
__JOMP_LANES(_mm_cmpgt_epi8, __v16qs, 16, __x[__i] > __y[__i] ? -1 : 0)
__JOMP_LANES(_mm_cmpgt_epi16, __v8hi, 8, __x[__i] > __y[__i] ? -1 : 0)
__JOMP_LANES(_mm_cmpgt_epi32, __v4si, 4, __x[__i] > __y[__i] ? -1 : 0)
__JOMP_LANES(_mm_cmplt_epi8, __v16qs, 16, __x[__i] < __y[__i] ? -1 : 0)
__JOMP_LANES(_mm_cmplt_epi16, __v8hi, 8, __x[__i] < __y[__i] ? -1 : 0)
__JOMP_LANES(_mm_cmplt_epi32, __v4si, 4, __x[__i] < __y[__i] ? -1 : 0)
__JOMP_INTRIN __m128i _mm_madd_epi16(__m128i __a, __m128i __b) {
  __v8hi __x = (__v8hi)__a, __y = (__v8hi)__b;
  __v4si __r;
  for (int __i = 0; __i < 4; __i++)
    __r[__i] = (int)((unsigned)(__x[2 * __i] * __y[2 * __i]) + (unsigned)(__x[2 * __i + 1] * __y[2 * __i + 1]));
  return (__m128i)__r;
}
__JOMP_INTRIN __m128i _mm_mul_epu32(__m128i __a, __m128i __b) {
  __v4su __x = (__v4su)__a, __y = (__v4su)__b;
  return (__m128i)(__v2du){(unsigned long long)__x[0] * __y[0], (unsigned long long)__x[2] * __y[2]};
}
__JOMP_INTRIN __m128i _mm_sad_epu8(__m128i __a, __m128i __b) {
  __v16qu __x = (__v16qu)__a, __y = (__v16qu)__b;
  __v2du __r = {0, 0};
  for (int __i = 0; __i < 16; __i++) __r[__i / 8] += __x[__i] > __y[__i] ? __x[__i] - __y[__i] : __y[__i] - __x[__i];
  return (__m128i)__r;
}
__JOMP_INTRIN __m128i _mm_and_si128(__m128i __a, __m128i __b) { return __a & __b; }
__JOMP_INTRIN __m128i _mm_andnot_si128(__m128i __a, __m128i __b) { return ~__a & __b; }
__JOMP_INTRIN __m128i _mm_or_si128(__m128i __a, __m128i __b) { return __a | __b; }
__JOMP_INTRIN __m128i _mm_xor_si128(__m128i __a, __m128i __b) { return __a ^ __b; }

/* shifts: by an immediate, or by the low 64 bits of a vector */
#define __JOMP_SHIFT(name, vt, n, bits, op, over)                                                 \
  __JOMP_INTRIN __m128i name##i_##vt##_(__m128i __a, unsigned long long __c) {                    \
    vt __x = (vt)__a;                                                                             \
    for (int __i = 0; __i < n; __i++) __x[__i] = __c >= bits ? (over) : __x[__i] op (int)__c;     \
    return (__m128i)__x;                                                                          \
  }
__JOMP_SHIFT(__jomp_sll, __v8hu, 8, 16, <<, 0)
__JOMP_SHIFT(__jomp_sll, __v4su, 4, 32, <<, 0)
__JOMP_SHIFT(__jomp_sll, __v2du, 2, 64, <<, 0)
__JOMP_SHIFT(__jomp_srl, __v8hu, 8, 16, >>, 0)
__JOMP_SHIFT(__jomp_srl, __v4su, 4, 32, >>, 0)
__JOMP_SHIFT(__jomp_srl, __v2du, 2, 64, >>, 0)
__JOMP_SHIFT(__jomp_sra, __v8hi, 8, 16, >>, __x[__i] >> 15)
__JOMP_SHIFT(__jomp_sra, __v4si, 4, 32, >>, __x[__i] >> 31)
#undef __JOMP_SHIFT
__JOMP_INTRIN __m128i _mm_slli_epi16(__m128i __a, int __c) { return __jomp_slli___v8hu_(__a, (unsigned)__c); }
__JOMP_INTRIN __m128i _mm_slli_epi32(__m128i __a, int __c) { return __jomp_slli___v4su_(__a, (unsigned)__c); }
__JOMP_INTRIN __m128i _mm_slli_epi64(__m128i __a, int __c) { return __jomp_slli___v2du_(__a, (unsigned)__c); }
__JOMP_INTRIN __m128i _mm_srli_epi16(__m128i __a, int __c) { return __jomp_srli___v8hu_(__a, (unsigned)__c); }
__JOMP_INTRIN __m128i _mm_srli_epi32(__m128i __a, int __c) { return __jomp_srli___v4su_(__a, (unsigned)__c); }
__JOMP_INTRIN __m128i _mm_srli_epi64(__m128i __a, int __c) { return __jomp_srli___v2du_(__a, (unsigned)__c); }
__JOMP_INTRIN __m128i _mm_srai_epi16(__m128i __a, int __c) { return __jomp_srai___v8hi_(__a, (unsigned)__c); }
__JOMP_INTRIN __m128i _mm_srai_epi32(__m128i __a, int __c) { return __jomp_srai___v4si_(__a, (unsigned)__c); }
__JOMP_INTRIN __m128i _mm_sll_epi16(__m128i __a, __m128i __c) { return __jomp_slli___v8hu_(__a, __c[0]); }
__JOMP_INTRIN __m128i _mm_sll_epi32(__m128i __a, __m128i __c) { return __jomp_slli___v4su_(__a, __c[0]); }
__JOMP_INTRIN __m128i _mm_sll_epi64(__m128i __a, __m128i __c) { return __jomp_slli___v2du_(__a, __c[0]); }
__JOMP_INTRIN __m128i _mm_srl_epi16(__m128i __a, __m128i __c) { return __jomp_srli___v8hu_(__a, __c[0]); }
__JOMP_INTRIN __m128i _mm_srl_epi32(__m128i __a, __m128i __c) { return __jomp_srli___v4su_(__a, __c[0]); }
__JOMP_INTRIN __m128i _mm_srl_epi64(__m128i __a, __m128i __c) { return __jomp_srli___v2du_(__a, __c[0]); }
__JOMP_INTRIN __m128i _mm_sra_epi16(__m128i __a, __m128i __c) { return __jomp_srai___v8hi_(__a, __c[0]); }
__JOMP_INTRIN __m128i _mm_sra_epi32(__m128i __a, __m128i __c) { return __jomp_srai___v4si_(__a, __c[0]); }
/* whole-register byte shifts */
__JOMP_INTRIN __m128i _mm_slli_si128(__m128i __a, int __n) {
  __v16qu __x = (__v16qu)__a, __r;
  unsigned __c = (unsigned)__n & 0xff;
  for (int __i = 0; __i < 16; __i++) __r[__i] = (unsigned)__i >= __c ? __x[__i - __c] : 0;
  return (__m128i)__r;
}
__JOMP_INTRIN __m128i _mm_srli_si128(__m128i __a, int __n) {
  __v16qu __x = (__v16qu)__a, __r;
  unsigned __c = (unsigned)__n & 0xff;
  for (int __i = 0; __i < 16; __i++) __r[__i] = __i + __c < 16 ? __x[__i + __c] : 0;
  return (__m128i)__r;
}
#define _mm_bslli_si128(a, n) _mm_slli_si128((a), (n))
#define _mm_bsrli_si128(a, n) _mm_srli_si128((a), (n))

/* packs, unpacks, shuffles, lanes */
__JOMP_INTRIN __m128i _mm_packs_epi16(__m128i __a, __m128i __b) {
  __v8hi __x = (__v8hi)__a, __y = (__v8hi)__b;
  __v16qs __r;
  for (int __i = 0; __i < 8; __i++) { __r[__i] = __jomp_sat8(__x[__i]); __r[__i + 8] = __jomp_sat8(__y[__i]); }
  return (__m128i)__r;
}
__JOMP_INTRIN __m128i _mm_packs_epi32(__m128i __a, __m128i __b) {
  __v4si __x = (__v4si)__a, __y = (__v4si)__b;
  __v8hi __r;
  for (int __i = 0; __i < 4; __i++) {
    __r[__i] = (short)(__x[__i] < -32768 ? -32768 : __x[__i] > 32767 ? 32767 : __x[__i]);
    __r[__i + 4] = (short)(__y[__i] < -32768 ? -32768 : __y[__i] > 32767 ? 32767 : __y[__i]);
  }
  return (__m128i)__r;
}
__JOMP_INTRIN __m128i _mm_packus_epi16(__m128i __a, __m128i __b) {
  __v8hi __x = (__v8hi)__a, __y = (__v8hi)__b;
  __v16qu __r;
  for (int __i = 0; __i < 8; __i++) { __r[__i] = __jomp_satu8(__x[__i]); __r[__i + 8] = __jomp_satu8(__y[__i]); }
  return (__m128i)__r;
}
#define __JOMP_UNPACK(name, vt, n, base)                                                          \
  __JOMP_INTRIN __m128i name(__m128i __a, __m128i __b) {                                          \
    vt __x = (vt)__a, __y = (vt)__b, __r;                                                         \
    for (int __i = 0; __i < n / 2; __i++) { __r[2 * __i] = __x[base + __i]; __r[2 * __i + 1] = __y[base + __i]; } \
    return (__m128i)__r;                                                                          \
  }
__JOMP_UNPACK(_mm_unpacklo_epi8, __v16qi, 16, 0)
__JOMP_UNPACK(_mm_unpackhi_epi8, __v16qi, 16, 8)
__JOMP_UNPACK(_mm_unpacklo_epi16, __v8hi, 8, 0)
__JOMP_UNPACK(_mm_unpackhi_epi16, __v8hi, 8, 4)
__JOMP_UNPACK(_mm_unpacklo_epi32, __v4si, 4, 0)
__JOMP_UNPACK(_mm_unpackhi_epi32, __v4si, 4, 2)
__JOMP_UNPACK(_mm_unpacklo_epi64, __v2di, 2, 0)
__JOMP_UNPACK(_mm_unpackhi_epi64, __v2di, 2, 1)
#undef __JOMP_UNPACK
__JOMP_INTRIN int _mm_extract_epi16(__m128i __a, int __i) { return (unsigned short)((__v8hi)__a)[__i & 7]; }
__JOMP_INTRIN __m128i _mm_insert_epi16(__m128i __a, int __b, int __i) { __v8hi __x = (__v8hi)__a; __x[__i & 7] = (short)__b; return (__m128i)__x; }
__JOMP_INTRIN int _mm_movemask_epi8(__m128i __a) {
  __v16qu __x = (__v16qu)__a;
  int __r = 0;
  for (int __i = 0; __i < 16; __i++) __r |= (__x[__i] >> 7) << __i;
  return __r;
}
__JOMP_INTRIN __m128i _mm_shuffle_epi32(__m128i __a, int __m) {
  __v4si __x = (__v4si)__a;
  return (__m128i)(__v4si){__x[__m & 3], __x[(__m >> 2) & 3], __x[(__m >> 4) & 3], __x[(__m >> 6) & 3]};
}
__JOMP_INTRIN __m128i _mm_shufflelo_epi16(__m128i __a, int __m) {
  __v8hi __x = (__v8hi)__a, __r = __x;
  for (int __i = 0; __i < 4; __i++) __r[__i] = __x[(__m >> (2 * __i)) & 3];
  return (__m128i)__r;
}
__JOMP_INTRIN __m128i _mm_shufflehi_epi16(__m128i __a, int __m) {
  __v8hi __x = (__v8hi)__a, __r = __x;
  for (int __i = 0; __i < 4; __i++) __r[4 + __i] = __x[4 + ((__m >> (2 * __i)) & 3)];
  return (__m128i)__r;
}

#endif

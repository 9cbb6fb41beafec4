/*
 * jomp's <xmmintrin.h>: SSE's single-precision intrinsics over __m128, written in C, one lane at
 * a time (docs/user-guide.md, "x86 intrinsics"). Results follow Intel's definitions: min/max give
 * the second operand when either is NaN, float-to-int conversions out of range (or NaN) give
 * 0x80000000, comparisons give lanes of all ones or zeros. _mm_rcp_ps and _mm_rsqrt_ps give the
 * exact 1/x and 1/sqrt(x), where processors give their own 12-bit approximations.
 */
#ifndef __XMMINTRIN_H
#define __XMMINTRIN_H

#include <mmintrin.h>
#include <mm_malloc.h>

typedef int __v4si __attribute__((__vector_size__(16)));
typedef float __v4sf __attribute__((__vector_size__(16)));
typedef float __m128 __attribute__((__vector_size__(16), __aligned__(16)));
typedef float __m128_u __attribute__((__vector_size__(16), __aligned__(1)));
typedef unsigned int __v4su __attribute__((__vector_size__(16)));

#define _MM_SHUFFLE(z, y, x, w) (((z) << 6) | ((y) << 4) | ((x) << 2) | (w))

#define _MM_HINT_ET0 7
#define _MM_HINT_ET1 6
#define _MM_HINT_T0 3
#define _MM_HINT_T1 2
#define _MM_HINT_T2 1
#define _MM_HINT_NTA 0

#define _MM_EXCEPT_INVALID (0x0001U)
#define _MM_EXCEPT_DENORM (0x0002U)
#define _MM_EXCEPT_DIV_ZERO (0x0004U)
#define _MM_EXCEPT_OVERFLOW (0x0008U)
#define _MM_EXCEPT_UNDERFLOW (0x0010U)
#define _MM_EXCEPT_INEXACT (0x0020U)
#define _MM_EXCEPT_MASK (0x003fU)
#define _MM_MASK_INVALID (0x0080U)
#define _MM_MASK_DENORM (0x0100U)
#define _MM_MASK_DIV_ZERO (0x0200U)
#define _MM_MASK_OVERFLOW (0x0400U)
#define _MM_MASK_UNDERFLOW (0x0800U)
#define _MM_MASK_INEXACT (0x1000U)
#define _MM_MASK_MASK (0x1f80U)
#define _MM_ROUND_NEAREST (0x0000U)
#define _MM_ROUND_DOWN (0x2000U)
#define _MM_ROUND_UP (0x4000U)
#define _MM_ROUND_TOWARD_ZERO (0x6000U)
#define _MM_ROUND_MASK (0x6000U)
#define _MM_FLUSH_ZERO_MASK (0x8000U)
#define _MM_FLUSH_ZERO_ON (0x8000U)
#define _MM_FLUSH_ZERO_OFF (0x0000U)

/* The control/status register: its power-on value; setting it changes nothing here. */
__JOMP_INTRIN unsigned int _mm_getcsr(void) { return 0x1f80; }
__JOMP_INTRIN void _mm_setcsr(unsigned int __i) { (void)__i; }
#define _MM_GET_EXCEPTION_STATE() (_mm_getcsr() & _MM_EXCEPT_MASK)
#define _MM_GET_EXCEPTION_MASK() (_mm_getcsr() & _MM_MASK_MASK)
#define _MM_GET_ROUNDING_MODE() (_mm_getcsr() & _MM_ROUND_MASK)
#define _MM_GET_FLUSH_ZERO_MODE() (_mm_getcsr() & _MM_FLUSH_ZERO_MASK)
#define _MM_SET_EXCEPTION_STATE(x) (_mm_setcsr((_mm_getcsr() & ~_MM_EXCEPT_MASK) | (x)))
#define _MM_SET_EXCEPTION_MASK(x) (_mm_setcsr((_mm_getcsr() & ~_MM_MASK_MASK) | (x)))
#define _MM_SET_ROUNDING_MODE(x) (_mm_setcsr((_mm_getcsr() & ~_MM_ROUND_MASK) | (x)))
#define _MM_SET_FLUSH_ZERO_MODE(x) (_mm_setcsr((_mm_getcsr() & ~_MM_FLUSH_ZERO_MASK) | (x)))

/* helpers: a float's bits, a lane of all ones or zeros, round to nearest even, cvtss2si's range */
__JOMP_INTRIN __m128 __jomp_ss(__m128 __a, float __f) { __a[0] = __f; return __a; }
__JOMP_INTRIN int __jomp_f2i(float __f, int __trunc) {
  if (!(__f > -2147483904.0f && __f < 2147483648.0f)) return (int)0x80000000u;
  return (int)(__trunc ? __f : __builtin_rintf(__f));
}
__JOMP_INTRIN long long __jomp_f2ll(double __f, int __trunc) {
  if (!(__f >= -9223372036854775808.0 && __f < 9223372036854775808.0)) return (long long)0x8000000000000000ull;
  return (long long)(__trunc ? __f : __builtin_rint(__f));
}

__JOMP_INTRIN __m128 _mm_add_ss(__m128 __a, __m128 __b) { return __jomp_ss(__a, __a[0] + __b[0]); }
__JOMP_INTRIN __m128 _mm_sub_ss(__m128 __a, __m128 __b) { return __jomp_ss(__a, __a[0] - __b[0]); }
__JOMP_INTRIN __m128 _mm_mul_ss(__m128 __a, __m128 __b) { return __jomp_ss(__a, __a[0] * __b[0]); }
__JOMP_INTRIN __m128 _mm_div_ss(__m128 __a, __m128 __b) { return __jomp_ss(__a, __a[0] / __b[0]); }
__JOMP_INTRIN __m128 _mm_add_ps(__m128 __a, __m128 __b) { return __a + __b; }
__JOMP_INTRIN __m128 _mm_sub_ps(__m128 __a, __m128 __b) { return __a - __b; }
__JOMP_INTRIN __m128 _mm_mul_ps(__m128 __a, __m128 __b) { return __a * __b; }
__JOMP_INTRIN __m128 _mm_div_ps(__m128 __a, __m128 __b) { return __a / __b; }
__JOMP_INTRIN __m128 _mm_sqrt_ss(__m128 __a) { return __jomp_ss(__a, __builtin_sqrtf(__a[0])); }
__JOMP_INTRIN __m128 _mm_sqrt_ps(__m128 __a) {
  for (int __i = 0; __i < 4; __i++) __a[__i] = __builtin_sqrtf(__a[__i]);
  return __a;
}
__JOMP_INTRIN __m128 _mm_rcp_ss(__m128 __a) { return __jomp_ss(__a, 1.0f / __a[0]); }
__JOMP_INTRIN __m128 _mm_rcp_ps(__m128 __a) { return 1.0f / __a; }
__JOMP_INTRIN __m128 _mm_rsqrt_ss(__m128 __a) { return __jomp_ss(__a, 1.0f / __builtin_sqrtf(__a[0])); }
__JOMP_INTRIN __m128 _mm_rsqrt_ps(__m128 __a) { return 1.0f / _mm_sqrt_ps(__a); }
__JOMP_INTRIN __m128 _mm_min_ss(__m128 __a, __m128 __b) { return __jomp_ss(__a, __a[0] < __b[0] ? __a[0] : __b[0]); }
__JOMP_INTRIN __m128 _mm_max_ss(__m128 __a, __m128 __b) { return __jomp_ss(__a, __a[0] > __b[0] ? __a[0] : __b[0]); }
__JOMP_INTRIN __m128 _mm_min_ps(__m128 __a, __m128 __b) {
  for (int __i = 0; __i < 4; __i++) __a[__i] = __a[__i] < __b[__i] ? __a[__i] : __b[__i];
  return __a;
}
__JOMP_INTRIN __m128 _mm_max_ps(__m128 __a, __m128 __b) {
  for (int __i = 0; __i < 4; __i++) __a[__i] = __a[__i] > __b[__i] ? __a[__i] : __b[__i];
  return __a;
}
__JOMP_INTRIN __m128 _mm_and_ps(__m128 __a, __m128 __b) { return (__m128)((__v4su)__a & (__v4su)__b); }
__JOMP_INTRIN __m128 _mm_andnot_ps(__m128 __a, __m128 __b) { return (__m128)(~(__v4su)__a & (__v4su)__b); }
__JOMP_INTRIN __m128 _mm_or_ps(__m128 __a, __m128 __b) { return (__m128)((__v4su)__a | (__v4su)__b); }
__JOMP_INTRIN __m128 _mm_xor_ps(__m128 __a, __m128 __b) { return (__m128)((__v4su)__a ^ (__v4su)__b); }

/* Comparisons: the predicate of each lane; the 'n' forms are true when unordered. */
#define __JOMP_CMPPS(name, expr)                                                                  \
  __JOMP_INTRIN __m128 _mm_##name##_ps(__m128 __a, __m128 __b) {                                  \
    __v4si __r;                                                                                   \
    for (int __i = 0; __i < 4; __i++) { float __x = __a[__i], __y = __b[__i]; __r[__i] = (expr) ? -1 : 0; } \
    return (__m128)__r;                                                                           \
  }                                                                                               \
  __JOMP_INTRIN __m128 _mm_##name##_ss(__m128 __a, __m128 __b) {                                  \
    float __x = __a[0], __y = __b[0];                                                             \
    __v4si __r = (__v4si)__a;                                                                     \
    __r[0] = (expr) ? -1 : 0;                                                                     \
    return (__m128)__r;                                                                           \
  }
__JOMP_CMPPS(cmpeq, __x == __y)
__JOMP_CMPPS(cmplt, __x < __y)
__JOMP_CMPPS(cmple, __x <= __y)
__JOMP_CMPPS(cmpgt, __x > __y)
__JOMP_CMPPS(cmpge, __x >= __y)
__JOMP_CMPPS(cmpneq, !(__x == __y))
__JOMP_CMPPS(cmpnlt, !(__x < __y))
__JOMP_CMPPS(cmpnle, !(__x <= __y))
__JOMP_CMPPS(cmpngt, !(__x > __y))
__JOMP_CMPPS(cmpnge, !(__x >= __y))
__JOMP_CMPPS(cmpord, __x == __x && __y == __y)
__JOMP_CMPPS(cmpunord, __x != __x || __y != __y)
#undef __JOMP_CMPPS

/* comiss/ucomiss as the compilers read their flags: false when unordered, but neq true. */
__JOMP_INTRIN int _mm_comieq_ss(__m128 __a, __m128 __b) { return __a[0] == __b[0]; }
__JOMP_INTRIN int _mm_comilt_ss(__m128 __a, __m128 __b) { return __a[0] < __b[0]; }
__JOMP_INTRIN int _mm_comile_ss(__m128 __a, __m128 __b) { return __a[0] <= __b[0]; }
__JOMP_INTRIN int _mm_comigt_ss(__m128 __a, __m128 __b) { return __a[0] > __b[0]; }
__JOMP_INTRIN int _mm_comige_ss(__m128 __a, __m128 __b) { return __a[0] >= __b[0]; }
__JOMP_INTRIN int _mm_comineq_ss(__m128 __a, __m128 __b) { return !(__a[0] == __b[0]); }
__JOMP_INTRIN int _mm_ucomieq_ss(__m128 __a, __m128 __b) { return __a[0] == __b[0]; }
__JOMP_INTRIN int _mm_ucomilt_ss(__m128 __a, __m128 __b) { return __a[0] < __b[0]; }
__JOMP_INTRIN int _mm_ucomile_ss(__m128 __a, __m128 __b) { return __a[0] <= __b[0]; }
__JOMP_INTRIN int _mm_ucomigt_ss(__m128 __a, __m128 __b) { return __a[0] > __b[0]; }
__JOMP_INTRIN int _mm_ucomige_ss(__m128 __a, __m128 __b) { return __a[0] >= __b[0]; }
__JOMP_INTRIN int _mm_ucomineq_ss(__m128 __a, __m128 __b) { return !(__a[0] == __b[0]); }

__JOMP_INTRIN int _mm_cvtss_si32(__m128 __a) { return __jomp_f2i(__a[0], 0); }
__JOMP_INTRIN int _mm_cvt_ss2si(__m128 __a) { return __jomp_f2i(__a[0], 0); }
__JOMP_INTRIN long long _mm_cvtss_si64(__m128 __a) { return __jomp_f2ll(__a[0], 0); }
__JOMP_INTRIN int _mm_cvttss_si32(__m128 __a) { return __jomp_f2i(__a[0], 1); }
__JOMP_INTRIN int _mm_cvtt_ss2si(__m128 __a) { return __jomp_f2i(__a[0], 1); }
__JOMP_INTRIN long long _mm_cvttss_si64(__m128 __a) { return __jomp_f2ll(__a[0], 1); }
__JOMP_INTRIN __m128 _mm_cvtsi32_ss(__m128 __a, int __b) { return __jomp_ss(__a, (float)__b); }
__JOMP_INTRIN __m128 _mm_cvt_si2ss(__m128 __a, int __b) { return __jomp_ss(__a, (float)__b); }
__JOMP_INTRIN __m128 _mm_cvtsi64_ss(__m128 __a, long long __b) { return __jomp_ss(__a, (float)__b); }
__JOMP_INTRIN float _mm_cvtss_f32(__m128 __a) { return __a[0]; }

__JOMP_INTRIN __m128 _mm_loadh_pi(__m128 __a, const __m64 *__p) {
  float __f[2];
  __builtin_memcpy(__f, __p, 8);
  __a[2] = __f[0]; __a[3] = __f[1];
  return __a;
}
__JOMP_INTRIN __m128 _mm_loadl_pi(__m128 __a, const __m64 *__p) {
  float __f[2];
  __builtin_memcpy(__f, __p, 8);
  __a[0] = __f[0]; __a[1] = __f[1];
  return __a;
}
__JOMP_INTRIN void _mm_storeh_pi(__m64 *__p, __m128 __a) { float __f[2] = {__a[2], __a[3]}; __builtin_memcpy(__p, __f, 8); }
__JOMP_INTRIN void _mm_storel_pi(__m64 *__p, __m128 __a) { float __f[2] = {__a[0], __a[1]}; __builtin_memcpy(__p, __f, 8); }
__JOMP_INTRIN __m128 _mm_load_ss(const float *__p) { float __f; __builtin_memcpy(&__f, __p, 4); return (__m128){__f, 0, 0, 0}; }
__JOMP_INTRIN __m128 _mm_load1_ps(const float *__p) { float __f; __builtin_memcpy(&__f, __p, 4); return (__m128){__f, __f, __f, __f}; }
#define _mm_load_ps1(p) _mm_load1_ps(p)
__JOMP_INTRIN __m128 _mm_load_ps(const float *__p) { return *(const __m128 *)__p; }
__JOMP_INTRIN __m128 _mm_loadu_ps(const float *__p) { __m128 __r; __builtin_memcpy(&__r, __p, 16); return __r; }
__JOMP_INTRIN __m128 _mm_loadr_ps(const float *__p) { __m128 __a = _mm_load_ps(__p); return (__m128){__a[3], __a[2], __a[1], __a[0]}; }
__JOMP_INTRIN __m128 _mm_undefined_ps(void) { return (__m128){0, 0, 0, 0}; }
__JOMP_INTRIN __m128 _mm_set_ss(float __w) { return (__m128){__w, 0, 0, 0}; }
__JOMP_INTRIN __m128 _mm_set1_ps(float __w) { return (__m128){__w, __w, __w, __w}; }
__JOMP_INTRIN __m128 _mm_set_ps1(float __w) { return (__m128){__w, __w, __w, __w}; }
__JOMP_INTRIN __m128 _mm_set_ps(float __z, float __y, float __x, float __w) { return (__m128){__w, __x, __y, __z}; }
__JOMP_INTRIN __m128 _mm_setr_ps(float __z, float __y, float __x, float __w) { return (__m128){__z, __y, __x, __w}; }
__JOMP_INTRIN __m128 _mm_setzero_ps(void) { return (__m128){0, 0, 0, 0}; }
__JOMP_INTRIN void _mm_store_ss(float *__p, __m128 __a) { float __f = __a[0]; __builtin_memcpy(__p, &__f, 4); }
__JOMP_INTRIN void _mm_storeu_ps(float *__p, __m128 __a) { __builtin_memcpy(__p, &__a, 16); }
__JOMP_INTRIN void _mm_store_ps(float *__p, __m128 __a) { *(__m128 *)__p = __a; }
__JOMP_INTRIN void _mm_store1_ps(float *__p, __m128 __a) { _mm_store_ps(__p, (__m128){__a[0], __a[0], __a[0], __a[0]}); }
#define _mm_store_ps1(p, a) _mm_store1_ps(p, a)
__JOMP_INTRIN void _mm_storer_ps(float *__p, __m128 __a) { _mm_store_ps(__p, (__m128){__a[3], __a[2], __a[1], __a[0]}); }
__JOMP_INTRIN void _mm_stream_ps(void *__p, __m128 __a) { *(__m128 *)__p = __a; }
__JOMP_INTRIN void _mm_stream_pi(void *__p, __m64 __a) { __builtin_memcpy(__p, &__a, 8); }
__JOMP_INTRIN void _mm_sfence(void) { __asm__ __volatile__("sfence" ::: "memory"); }
/* prefetches only hint: nothing to do on the JVM */
#define _mm_prefetch(a, sel) ((void)(a), (void)(sel))

__JOMP_INTRIN __m128 __jomp_shuffle_ps(__m128 __a, __m128 __b, int __m) {
  return (__m128){__a[__m & 3], __a[(__m >> 2) & 3], __b[(__m >> 4) & 3], __b[(__m >> 6) & 3]};
}
#define _mm_shuffle_ps(a, b, mask) __jomp_shuffle_ps((a), (b), (mask))
__JOMP_INTRIN __m128 _mm_unpackhi_ps(__m128 __a, __m128 __b) { return (__m128){__a[2], __b[2], __a[3], __b[3]}; }
__JOMP_INTRIN __m128 _mm_unpacklo_ps(__m128 __a, __m128 __b) { return (__m128){__a[0], __b[0], __a[1], __b[1]}; }
__JOMP_INTRIN __m128 _mm_move_ss(__m128 __a, __m128 __b) { __a[0] = __b[0]; return __a; }
__JOMP_INTRIN __m128 _mm_movehl_ps(__m128 __a, __m128 __b) { return (__m128){__b[2], __b[3], __a[2], __a[3]}; }
__JOMP_INTRIN __m128 _mm_movelh_ps(__m128 __a, __m128 __b) { return (__m128){__a[0], __a[1], __b[0], __b[1]}; }
__JOMP_INTRIN int _mm_movemask_ps(__m128 __a) {
  int __r = 0;
  for (int __i = 0; __i < 4; __i++) __r |= (int)(((__v4su)__a)[__i] >> 31) << __i;
  return __r;
}

#define _MM_TRANSPOSE4_PS(row0, row1, row2, row3)                                                 \
  do {                                                                                            \
    __m128 __t0 = _mm_unpacklo_ps((row0), (row1)), __t1 = _mm_unpacklo_ps((row2), (row3));        \
    __m128 __t2 = _mm_unpackhi_ps((row0), (row1)), __t3 = _mm_unpackhi_ps((row2), (row3));        \
    (row0) = _mm_movelh_ps(__t0, __t1);                                                           \
    (row1) = _mm_movehl_ps(__t1, __t0);                                                           \
    (row2) = _mm_movelh_ps(__t2, __t3);                                                           \
    (row3) = _mm_movehl_ps(__t3, __t2);                                                           \
  } while (0)

/* as clang's header: with SSE2 enabled, <xmmintrin.h> brings <emmintrin.h> too */
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#endif

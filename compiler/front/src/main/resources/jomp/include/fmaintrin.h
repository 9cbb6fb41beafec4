/* jomp's <fmaintrin.h>: FMA3's fused multiply-adds, one rounding each (C's fma), in C. */
#ifndef __IMMINTRIN_H
#error "Never use <fmaintrin.h> directly; include <immintrin.h> instead."
#endif

#ifndef __FMAINTRIN_H
#define __FMAINTRIN_H

/* lane i: s1 * a * b + s2 * c, negated products and addends by sign; alt: odd lanes add, even subtract */
#define __JOMP_FMA(suffix, vt, n, fn)                                                             \
  __JOMP_INTRIN vt __jomp_fma_##suffix(vt __a, vt __b, vt __c, int __neg, int __sub, int __alt) { \
    for (int __i = 0; __i < n; __i++) {                                                           \
      int __s = __alt ? !(__i & 1) ^ (__alt < 0) : __sub;                                         \
      __a[__i] = fn(__neg ? -__a[__i] : __a[__i], __b[__i], __s ? -__c[__i] : __c[__i]);          \
    }                                                                                             \
    return __a;                                                                                   \
  }
__JOMP_FMA(ps, __m128, 4, __builtin_fmaf)
__JOMP_FMA(pd, __m128d, 2, __builtin_fma)
__JOMP_FMA(ps256, __m256, 8, __builtin_fmaf)
__JOMP_FMA(pd256, __m256d, 4, __builtin_fma)
#undef __JOMP_FMA
#define __JOMP_FMAS(name, suffix, vt, neg, sub, alt)                                              \
  __JOMP_INTRIN vt name(vt __a, vt __b, vt __c) { return __jomp_fma_##suffix(__a, __b, __c, neg, sub, alt); }
__JOMP_FMAS(_mm_fmadd_ps, ps, __m128, 0, 0, 0)
__JOMP_FMAS(_mm_fmadd_pd, pd, __m128d, 0, 0, 0)
__JOMP_FMAS(_mm_fmsub_ps, ps, __m128, 0, 1, 0)
__JOMP_FMAS(_mm_fmsub_pd, pd, __m128d, 0, 1, 0)
__JOMP_FMAS(_mm_fnmadd_ps, ps, __m128, 1, 0, 0)
__JOMP_FMAS(_mm_fnmadd_pd, pd, __m128d, 1, 0, 0)
__JOMP_FMAS(_mm_fnmsub_ps, ps, __m128, 1, 1, 0)
__JOMP_FMAS(_mm_fnmsub_pd, pd, __m128d, 1, 1, 0)
__JOMP_FMAS(_mm_fmaddsub_ps, ps, __m128, 0, 0, 1)
__JOMP_FMAS(_mm_fmaddsub_pd, pd, __m128d, 0, 0, 1)
__JOMP_FMAS(_mm_fmsubadd_ps, ps, __m128, 0, 0, -1)
__JOMP_FMAS(_mm_fmsubadd_pd, pd, __m128d, 0, 0, -1)
__JOMP_FMAS(_mm256_fmadd_ps, ps256, __m256, 0, 0, 0)
__JOMP_FMAS(_mm256_fmadd_pd, pd256, __m256d, 0, 0, 0)
__JOMP_FMAS(_mm256_fmsub_ps, ps256, __m256, 0, 1, 0)
__JOMP_FMAS(_mm256_fmsub_pd, pd256, __m256d, 0, 1, 0)
__JOMP_FMAS(_mm256_fnmadd_ps, ps256, __m256, 1, 0, 0)
__JOMP_FMAS(_mm256_fnmadd_pd, pd256, __m256d, 1, 0, 0)
__JOMP_FMAS(_mm256_fnmsub_ps, ps256, __m256, 1, 1, 0)
__JOMP_FMAS(_mm256_fnmsub_pd, pd256, __m256d, 1, 1, 0)
__JOMP_FMAS(_mm256_fmaddsub_ps, ps256, __m256, 0, 0, 1)
__JOMP_FMAS(_mm256_fmaddsub_pd, pd256, __m256d, 0, 0, 1)
__JOMP_FMAS(_mm256_fmsubadd_ps, ps256, __m256, 0, 0, -1)
__JOMP_FMAS(_mm256_fmsubadd_pd, pd256, __m256d, 0, 0, -1)
#undef __JOMP_FMAS
/* scalar forms: the low lane fused, the rest a's */
__JOMP_INTRIN __m128 _mm_fmadd_ss(__m128 __a, __m128 __b, __m128 __c) { __a[0] = __builtin_fmaf(__a[0], __b[0], __c[0]); return __a; }
__JOMP_INTRIN __m128d _mm_fmadd_sd(__m128d __a, __m128d __b, __m128d __c) { __a[0] = __builtin_fma(__a[0], __b[0], __c[0]); return __a; }
__JOMP_INTRIN __m128 _mm_fmsub_ss(__m128 __a, __m128 __b, __m128 __c) { __a[0] = __builtin_fmaf(__a[0], __b[0], -__c[0]); return __a; }
__JOMP_INTRIN __m128d _mm_fmsub_sd(__m128d __a, __m128d __b, __m128d __c) { __a[0] = __builtin_fma(__a[0], __b[0], -__c[0]); return __a; }
__JOMP_INTRIN __m128 _mm_fnmadd_ss(__m128 __a, __m128 __b, __m128 __c) { __a[0] = __builtin_fmaf(-__a[0], __b[0], __c[0]); return __a; }
__JOMP_INTRIN __m128d _mm_fnmadd_sd(__m128d __a, __m128d __b, __m128d __c) { __a[0] = __builtin_fma(-__a[0], __b[0], __c[0]); return __a; }
__JOMP_INTRIN __m128 _mm_fnmsub_ss(__m128 __a, __m128 __b, __m128 __c) { __a[0] = __builtin_fmaf(-__a[0], __b[0], -__c[0]); return __a; }
__JOMP_INTRIN __m128d _mm_fnmsub_sd(__m128d __a, __m128d __b, __m128d __c) { __a[0] = __builtin_fma(-__a[0], __b[0], -__c[0]); return __a; }

#endif

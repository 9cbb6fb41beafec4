/* jomp's <pmmintrin.h>: SSE3's intrinsics, in C (docs/user-guide.md, "x86 intrinsics"). */
#ifndef __PMMINTRIN_H
#define __PMMINTRIN_H

#include <emmintrin.h>

__JOMP_INTRIN __m128 _mm_addsub_ps(__m128 __a, __m128 __b) {
  return (__m128){__a[0] - __b[0], __a[1] + __b[1], __a[2] - __b[2], __a[3] + __b[3]};
}
__JOMP_INTRIN __m128 _mm_hadd_ps(__m128 __a, __m128 __b) {
  return (__m128){__a[0] + __a[1], __a[2] + __a[3], __b[0] + __b[1], __b[2] + __b[3]};
}
__JOMP_INTRIN __m128 _mm_hsub_ps(__m128 __a, __m128 __b) {
  return (__m128){__a[0] - __a[1], __a[2] - __a[3], __b[0] - __b[1], __b[2] - __b[3]};
}
__JOMP_INTRIN __m128 _mm_movehdup_ps(__m128 __a) { return (__m128){__a[1], __a[1], __a[3], __a[3]}; }
__JOMP_INTRIN __m128 _mm_moveldup_ps(__m128 __a) { return (__m128){__a[0], __a[0], __a[2], __a[2]}; }
__JOMP_INTRIN __m128d _mm_addsub_pd(__m128d __a, __m128d __b) { return (__m128d){__a[0] - __b[0], __a[1] + __b[1]}; }
__JOMP_INTRIN __m128d _mm_hadd_pd(__m128d __a, __m128d __b) { return (__m128d){__a[0] + __a[1], __b[0] + __b[1]}; }
__JOMP_INTRIN __m128d _mm_hsub_pd(__m128d __a, __m128d __b) { return (__m128d){__a[0] - __a[1], __b[0] - __b[1]}; }
__JOMP_INTRIN __m128d _mm_movedup_pd(__m128d __a) { return (__m128d){__a[0], __a[0]}; }
#define _mm_loaddup_pd(p) _mm_load1_pd(p)

#define _MM_DENORMALS_ZERO_ON (0x0040U)
#define _MM_DENORMALS_ZERO_OFF (0x0000U)
#define _MM_DENORMALS_ZERO_MASK (0x0040U)
#define _MM_GET_DENORMALS_ZERO_MODE() (_mm_getcsr() & _MM_DENORMALS_ZERO_MASK)
#define _MM_SET_DENORMALS_ZERO_MODE(x) (_mm_setcsr((_mm_getcsr() & ~_MM_DENORMALS_ZERO_MASK) | (x)))

#endif

/* jomp's <vpclmulqdqintrin.h>: VPCLMULQDQ on 256 bits, PCLMULQDQ in each 128-bit half (the 512-bit form is not provided). */
#ifndef __IMMINTRIN_H
#error "Never use <vpclmulqdqintrin.h> directly; include <immintrin.h> instead."
#endif

#ifndef __VPCLMULQDQINTRIN_H
#define __VPCLMULQDQINTRIN_H

__JOMP_HALVES2N(i, _mm256_clmulepi64_epi128, _mm_clmulepi64_si128)

#endif

/*
 * jomp's <mmintrin.h>: the MMX type __m64, as clang declares it. The MMX intrinsics themselves
 * (_mm_add_pi8 and the rest over __m64) are not provided; <xmmintrin.h> and later headers use
 * __m64 only as a type. Every intrinsic in jomp's x86 headers is C over GNU vector types, run
 * lane by lane (docs/user-guide.md, "x86 intrinsics").
 */
#ifndef __MMINTRIN_H
#define __MMINTRIN_H

typedef long long __m64 __attribute__((__vector_size__(8), __aligned__(8)));
typedef long long __v1di __attribute__((__vector_size__(8)));
typedef int __v2si __attribute__((__vector_size__(8)));
typedef short __v4hi __attribute__((__vector_size__(8)));
typedef char __v8qi __attribute__((__vector_size__(8)));

/* Every intrinsic is a static inline function with these attributes. */
#define __JOMP_INTRIN static __inline__ __attribute__((__always_inline__, __nodebug__, __unused__))

/* emms: nothing to clear (no x87 state is shared with the vectors here). */
__JOMP_INTRIN void _mm_empty(void) {}
#define _m_empty _mm_empty

__JOMP_INTRIN __m64 _mm_setzero_si64(void) { return (__m64){0}; }
__JOMP_INTRIN __m64 _mm_cvtsi32_si64(int __i) { return (__m64)(__v2si){__i, 0}; }
__JOMP_INTRIN int _mm_cvtsi64_si32(__m64 __m) { return ((__v2si)__m)[0]; }
__JOMP_INTRIN __m64 _mm_cvtsi64_m64(long long __i) { return (__m64){__i}; }
__JOMP_INTRIN long long _mm_cvtm64_si64(__m64 __m) { return __m[0]; }

#endif

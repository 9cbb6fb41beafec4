/* jomp's <popcntintrin.h>: POPCNT's intrinsics. */
#ifndef __POPCNTINTRIN_H
#define __POPCNTINTRIN_H

static __inline__ __attribute__((__always_inline__, __nodebug__, __unused__)) int _mm_popcnt_u32(unsigned int __a) {
  return __builtin_popcount(__a);
}
static __inline__ __attribute__((__always_inline__, __nodebug__, __unused__)) long long _mm_popcnt_u64(unsigned long long __a) {
  return __builtin_popcountll(__a);
}

#endif

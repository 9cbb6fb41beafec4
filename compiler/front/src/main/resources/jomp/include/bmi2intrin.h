/* jomp's <bmi2intrin.h>: BMI2's bzhi, pdep, pext and mulx, in C (docs/user-guide.md, "x86 intrinsics"). */
#ifndef __IMMINTRIN_H
#error "Never use <bmi2intrin.h> directly; include <immintrin.h> instead."
#endif

#ifndef __BMI2INTRIN_H
#define __BMI2INTRIN_H

#ifndef __JOMP_GPR
#define __JOMP_GPR static __inline__ __attribute__((__always_inline__, __nodebug__, __unused__))
#endif

/* x with the bits from index (bits 7:0) on cleared */
__JOMP_GPR unsigned int _bzhi_u32(unsigned int __x, unsigned int __i) {
  __i &= 0xff;
  return __i >= 32 ? __x : __x & ((1u << __i) - 1);
}
__JOMP_GPR unsigned long long _bzhi_u64(unsigned long long __x, unsigned int __i) {
  __i &= 0xff;
  return __i >= 64 ? __x : __x & ((1ull << __i) - 1);
}
/* deposit: the low bits of x into the set bits of the mask, in order */
__JOMP_GPR unsigned long long _pdep_u64(unsigned long long __x, unsigned long long __m) {
  unsigned long long __r = 0;
  for (unsigned long long __b = 1; __m; __b <<= 1, __m &= __m - 1)
    if (__x & __b) __r |= __m & (0ull - __m);
  return __r;
}
/* extract: the bits of x under the mask's set bits, packed into the low bits */
__JOMP_GPR unsigned long long _pext_u64(unsigned long long __x, unsigned long long __m) {
  unsigned long long __r = 0;
  for (unsigned long long __b = 1; __m; __b <<= 1, __m &= __m - 1)
    if (__x & __m & (0ull - __m)) __r |= __b;
  return __r;
}
__JOMP_GPR unsigned int _pdep_u32(unsigned int __x, unsigned int __m) { return (unsigned int)_pdep_u64(__x, __m); }
__JOMP_GPR unsigned int _pext_u32(unsigned int __x, unsigned int __m) { return (unsigned int)_pext_u64(__x, __m); }
__JOMP_GPR unsigned int _mulx_u32(unsigned int __x, unsigned int __y, unsigned int *__hi) {
  unsigned long long __p = (unsigned long long)__x * __y;
  *__hi = (unsigned int)(__p >> 32);
  return (unsigned int)__p;
}
__JOMP_GPR unsigned long long _mulx_u64(unsigned long long __x, unsigned long long __y, unsigned long long *__hi) {
  unsigned __int128 __p = (unsigned __int128)__x * __y;
  *__hi = (unsigned long long)(__p >> 64);
  return (unsigned long long)__p;
}

#endif

/*
 * jomp's <xsaveintrin.h>: _xgetbv, an extended control register (XCR0: the state the operating
 * system enables, read as Linux reports the processor's flags); the xsave family itself is not
 * provided.
 */
#ifndef __IMMINTRIN_H
#error "Never use <xsaveintrin.h> directly; include <immintrin.h> instead."
#endif

#ifndef __XSAVEINTRIN_H
#define __XSAVEINTRIN_H

#ifndef __JOMP_GPR
#define __JOMP_GPR static __inline__ __attribute__((__always_inline__, __nodebug__, __unused__))
#endif

__JOMP_GPR unsigned long long _xgetbv(unsigned int __xcr) {
  unsigned int __lo, __hi;
  __asm__ __volatile__("xgetbv" : "=a"(__lo), "=d"(__hi) : "c"(__xcr));
  return ((unsigned long long)__hi << 32) | __lo;
}

#endif

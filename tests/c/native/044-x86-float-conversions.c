// NATIVE: -lm
// Floating values converted to integer types out of their range, and NaN: undefined in C, and not
// the JVM's saturating d2i/d2l in a gcc build: x86-64's cvttsd2si/cvttss2si give the "integer
// indefinite" INT_MIN or LONG_MIN, narrower types take the low bits of the 32-bit result, unsigned
// int the low half of the 64-bit one, and unsigned long is converted below 2^63 directly and above
// it less 2^63 with the top bit set. jomp's programs give the same (jomp.runtime.mem.Conv), so a
// program that strays there prints what its gcc build prints (Csmith seeds 300911, 306019). The
// operands are volatile so that every conversion happens at run time; constants are folded as gcc
// folds them (to the nearest value of the type), which CProgramsTest checks. Here, not in the run
// corpus, whose programs must be free of undefined behaviour.
#include <stdio.h>
#include <math.h>
volatile double vd[] = {34282.4, -3.7, 5e9, -5e9, 1e19, 2e19, -1e19, 3e38, -0.9, 2147483647.9, -2147483648.9, -2147483649.0, 4294967295.5, 9.3e18};
volatile float vf[] = {34282.4f, -3.7f, 5e9f, -5e9f, 1e19f, 2e19f, 3e38f, -0.9f};
int main(void) {
  double nan = NAN; volatile double vn = nan;
  for (unsigned i = 0; i < sizeof vd / sizeof vd[0]; i++) {
    double d = vd[i];
    printf("%u: %d %d %u %d %u %d %u %ld %lu\n", i, (int)(signed char)d, (signed char)d, (unsigned char)d, (short)d, (unsigned short)d, (int)d, (unsigned)d, (long)d, (unsigned long)d);
  }
  for (unsigned i = 0; i < sizeof vf / sizeof vf[0]; i++) {
    float f = vf[i];
    printf("f%u: %d %u %d %u %ld %lu\n", i, (signed char)f, (unsigned char)f, (int)f, (unsigned)f, (long)f, (unsigned long)f);
  }
  printf("nan: %d %u %ld %lu %d\n", (int)vn, (unsigned)vn, (long)vn, (unsigned long)vn, (short)vn);
  return 0;
}

// ORACLE: clang-offload
// KERNELS: 2
/* map(to:) copies in but never back: the device's writes stay on the device. Scalars too. */
#include <stdio.h>
int main(void) {
  int a[4] = {1, 2, 3, 4};
  int x = 10;
  double d = 1.5;
#pragma omp target map(to : a, x, d)
  {
    a[0] = 100; a[3] = 400;
    x = 11;
    d = 9.25;
  }
  printf("after to: a = %d %d %d %d, x = %d, d = %g\n", a[0], a[1], a[2], a[3], x, d);
#pragma omp target map(tofrom : a) map(from : x)
  {
    x = a[0] + a[1];
    a[1] = 20;
  }
  printf("after tofrom: a = %d %d %d %d, x = %d\n", a[0], a[1], a[2], a[3], x);
  return 0;
}

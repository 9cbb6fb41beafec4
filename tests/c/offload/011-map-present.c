// ORACLE: clang-offload
// KERNELS: 3
/* The present modifier (OpenMP 5.1): the data must already be on the device; nothing is copied. */
#include <stdio.h>
int main(void) {
  int a[4] = {1, 2, 3, 4};
  double s = 0;
#pragma omp target data map(to : a)
  {
#pragma omp target map(present, tofrom : a) map(tofrom : s)
    for (int i = 0; i < 4; i++) { s += a[i]; a[i] = 0; }
    a[1] = 50; /* host only */
#pragma omp target map(present, to : a) map(tofrom : s)
    s += a[1];
#pragma omp target update from(a)
  }
  printf("s=%g a = %d %d %d %d\n", s, a[0], a[1], a[2], a[3]);
#pragma omp target enter data map(to : a)
#pragma omp target map(present, alloc : a)
  a[2] = 9;
#pragma omp target exit data map(from : a)
  printf("a = %d %d %d %d\n", a[0], a[1], a[2], a[3]);
  return 0;
}

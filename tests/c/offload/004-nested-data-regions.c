// ORACLE: clang-offload
// KERNELS: 3
/* Nested target data: inner map clauses find the data present; only the outermost end copies back. */
#include <stdio.h>
int main(void) {
  int a[4] = {1, 1, 1, 1}, b[4] = {5, 5, 5, 5};
#pragma omp target data map(to : a) map(tofrom : b)
  {
#pragma omp target data map(tofrom : a) map(tofrom : b)
    {
#pragma omp target
      for (int i = 0; i < 4; i++) { a[i] += 1; b[i] += a[i]; }
    }
    printf("inner end: a[0]=%d b[0]=%d\n", a[0], b[0]);
#pragma omp target
      for (int i = 0; i < 4; i++) b[i] *= 2;
  }
  printf("outer end: a[0]=%d b[0]=%d b[3]=%d\n", a[0], b[0], b[3]);
#pragma omp target map(tofrom : a)
  a[2] = 42;
  printf("own region: a = %d %d %d %d\n", a[0], a[1], a[2], a[3]);
  return 0;
}

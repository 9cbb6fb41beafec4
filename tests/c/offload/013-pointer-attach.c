// KERNELS: 3
/* A pointer used in a target region inside a data region that maps its pointee: the implicit
 * zero-length section attaches it to the mapped storage, also for a pointer into the middle. */
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int n = 64;
  double *a = malloc(n * sizeof *a);
  for (int i = 0; i < n; i++) a[i] = i;
  double *mid = a + 32;
#pragma omp target data map(tofrom : a[0:n])
  {
#pragma omp target
    for (int i = 0; i < n; i++) a[i] += 0.5;
#pragma omp target
    for (int i = 0; i < 8; i++) mid[i] = -mid[i];
    double *p = a;
#pragma omp target map(to : p[0:0])
    p[1] = 1000;
  }
  printf("a[0]=%g a[1]=%g a[31]=%g a[32]=%g a[39]=%g a[40]=%g\n", a[0], a[1], a[31], a[32], a[39], a[40]);
  free(a);
  return 0;
}

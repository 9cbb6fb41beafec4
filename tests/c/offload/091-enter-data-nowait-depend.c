// KERNELS: 2
/* enter data, kernels and exit data as deferred tasks (nowait) chained by depend clauses. */
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int n = 2048;
  double *a = malloc(n * sizeof *a);
  for (int i = 0; i < n; i++) a[i] = i;
#pragma omp target enter data map(to : a[0:n]) nowait depend(out : a[0])
#pragma omp target teams distribute parallel for nowait depend(inout : a[0])
  for (int i = 0; i < n; i++) a[i] = a[i] * 2 + 1;
#pragma omp target teams distribute parallel for nowait depend(inout : a[0])
  for (int i = 0; i < n; i++) a[i] -= 1;
#pragma omp target exit data map(from : a[0:n]) nowait depend(in : a[0])
#pragma omp taskwait
  double s = 0;
  for (int i = 0; i < n; i++) s += a[i];
  printf("a[1]=%g a[2047]=%g sum=%.6g\n", a[1], a[2047], s);
  free(a);
  return 0;
}

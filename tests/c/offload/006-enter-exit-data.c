// KERNELS: 2
/* Unstructured data: enter data to/alloc, two kernels, exit data from/delete. */
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int n = 1000;
  double *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y), *t = malloc(n * sizeof *t);
  for (int i = 0; i < n; i++) { x[i] = i * 0.5; y[i] = 2.0; }
#pragma omp target enter data map(to : x[0:n], y[0:n]) map(alloc : t[0:n])
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; i++) t[i] = 3.0 * x[i];
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; i++) y[i] += t[i];
#pragma omp target exit data map(from : y[0:n]) map(delete : x[0:n], t[0:n])
  double s = 0;
  for (int i = 0; i < n; i++) s += y[i];
  printf("y[0]=%g y[1]=%g y[999]=%g sum=%.6g\n", y[0], y[1], y[999], s);
  free(x); free(y); free(t);
  return 0;
}

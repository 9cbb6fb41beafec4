// KERNELS: 5
/* SAXPY with unstructured data: enter data once, several kernels, update, exit data. */
#include <stdio.h>
#include <stdlib.h>
static void saxpy(int n, float a, const float *x, float *y) {
#pragma omp target teams distribute parallel for
  for (int i = 0; i < n; i++) y[i] = a * x[i] + y[i];
}
int main(void) {
  int n = 1 << 14;
  float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  for (int i = 0; i < n; i++) { x[i] = 1.0f; y[i] = (float)(i % 16); }
#pragma omp target enter data map(close, to : x[0:n]) map(to : y[0:n])
  for (int k = 1; k <= 4; k++) saxpy(n, (float)k, x, y);
#pragma omp target update from(y[0:8])
  printf("after 4 calls: y[0]=%g y[7]=%g\n", y[0], y[7]);
  saxpy(n, 0.5f, x, y);
#pragma omp target exit data map(from : y[0:n]) map(release : x[0:n])
  double s = 0;
  for (int i = 0; i < n; i++) s += y[i];
  printf("y[0]=%g y[15]=%g sum=%.6g\n", y[0], y[15], s);
  free(x); free(y);
  return 0;
}

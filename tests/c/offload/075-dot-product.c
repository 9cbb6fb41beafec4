// KERNELS: 3
/* Dot products: teams reduction, parallel-for reduction inside target, and integer version. */
#include <stdio.h>
#include <stdlib.h>
#define N (1 << 16)
int main(void) {
  double *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
  int *p = malloc(N * sizeof *p), *q = malloc(N * sizeof *q);
  for (int i = 0; i < N; i++) { x[i] = (i % 4) * 0.5; y[i] = (i % 8) * 0.25; p[i] = i % 100; q[i] = 3 - i % 7; }
  double d1 = 0, d2 = 0;
  long long di = 0;
#pragma omp target teams distribute parallel for reduction(+ : d1) map(to : x[0:N], y[0:N])
  for (int i = 0; i < N; i++) d1 += x[i] * y[i];
#pragma omp target map(to : x[0:N], y[0:N]) map(tofrom : d2)
#pragma omp parallel for reduction(+ : d2)
  for (int i = 0; i < N; i++) d2 += x[i] * y[i];
#pragma omp target teams distribute parallel for simd reduction(+ : di) map(to : p[0:N], q[0:N])
  for (int i = 0; i < N; i++) di += (long long)p[i] * q[i];
  printf("d1=%.6g d2=%.6g equal=%d di=%lld\n", d1, d2, d1 == d2, di);
  free(x); free(y); free(p); free(q);
  return 0;
}

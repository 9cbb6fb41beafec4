// KERNELS: 4
/* target nowait launches deferred target tasks on independent data; taskwait waits for all of them. */
#include <stdio.h>
#define N 5000
int main(void) {
  static double a[N], b[N], c[N], d[N];
#pragma omp target nowait map(from : a)
  for (int i = 0; i < N; i++) a[i] = i;
#pragma omp target teams distribute parallel for nowait map(from : b)
  for (int i = 0; i < N; i++) b[i] = 2.0 * i;
#pragma omp target parallel for nowait map(from : c)
  for (int i = 0; i < N; i++) c[i] = i % 10;
#pragma omp target nowait map(from : d)
  for (int i = 0; i < N; i++) d[i] = -1;
#pragma omp taskwait
  double s = 0;
  for (int i = 0; i < N; i++) s += a[i] + b[i] + c[i] + d[i];
  printf("s=%.6g\n", s);
  return 0;
}

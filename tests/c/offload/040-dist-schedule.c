// KERNELS: 3
/* dist_schedule(static) and dist_schedule(static, chunk) with and without parallel for. */
#include <stdio.h>
#define N 1000
int main(void) {
  static int a[N], b[N], c[N];
#pragma omp target teams distribute dist_schedule(static) map(from : a)
  for (int i = 0; i < N; i++) a[i] = i;
#pragma omp target teams distribute parallel for dist_schedule(static, 100) map(from : b)
  for (int i = 0; i < N; i++) b[i] = 2 * i;
#pragma omp target teams distribute parallel for dist_schedule(static, 1) schedule(static, 1) map(to : a, b) map(from : c)
  for (int i = 0; i < N; i++) c[i] = a[i] + b[N - 1 - i];
  long s = 0;
  for (int i = 0; i < N; i++) s += c[i] * (i % 3);
  printf("c[0]=%d c[999]=%d s=%ld\n", c[0], c[999], s);
  return 0;
}

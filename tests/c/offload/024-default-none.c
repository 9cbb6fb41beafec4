// KERNELS: 2
/* default(none) on combined constructs, with every variable named: shared, firstprivate, private. */
#include <stdio.h>
#define N 40
int main(void) {
  double x[N], y[N];
  double a = 2.5;
  int n = N;
  for (int i = 0; i < N; i++) { x[i] = i; y[i] = 1; }
#pragma omp target teams distribute parallel for default(none) shared(x, y) firstprivate(a, n) map(tofrom : x, y)
  for (int i = 0; i < n; i++) y[i] += a * x[i];
  double t;
  double s = 0;
#pragma omp target parallel for default(none) shared(y) private(t) firstprivate(n) reduction(+ : s) map(to : y) map(tofrom : s)
  for (int i = 0; i < n; i++) { t = y[i] * 2; s += t; }
  printf("y[0]=%g y[39]=%g s=%.6g\n", y[0], y[39], s);
  return 0;
}

// KERNELS: 4
/* Variable-length arrays in map clauses, 1-D and 2-D, sized at run time. */
#include <stdio.h>
void run(int n, int k) {
  double v[n];
  int g[n][k];
  for (int i = 0; i < n; i++) v[i] = i * 0.25;
#pragma omp target map(tofrom : v) map(from : g)
  for (int i = 0; i < n; i++) {
    v[i] = v[i] * 2 + 1;
    for (int j = 0; j < k; j++) g[i][j] = i * k + j;
  }
#pragma omp target map(tofrom : v[1:n-2])
  for (int i = 1; i < n - 1; i++) v[i] += g[i][k - 1];
  double s = 0;
  for (int i = 0; i < n; i++) s += v[i];
  printf("n=%d k=%d v[0]=%g v[%d]=%g g[%d][%d]=%d sum=%.6g\n", n, k, v[0], n - 2, v[n - 2], n - 1, k - 1, g[n - 1][k - 1], s);
}
int main(void) {
  run(10, 3);
  run(33, 5);
  return 0;
}

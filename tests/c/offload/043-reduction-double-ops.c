// KERNELS: 1
/* Reductions on double: + * - min max, with values whose results are exact in any order. */
#include <stdio.h>
#define N 512
int main(void) {
  double x[N];
  for (int i = 0; i < N; i++) x[i] = (i % 17) * 0.25 - 1.0;
  double sum = 0, prod = 1, diff = 10, mn = 1e300, mx = -1e300;
#pragma omp target teams distribute parallel for map(to : x) reduction(+ : sum) reduction(* : prod) \
    reduction(- : diff) reduction(min : mn) reduction(max : mx)
  for (int i = 0; i < N; i++) {
    sum += x[i];
    prod *= (i % 64 == 0) ? 2.0 : (i % 64 == 1 ? 0.5 : 1.0) * (i == 3 ? 8.0 : 1.0);
    diff -= x[i];
    mn = x[i] < mn ? x[i] : mn;
    mx = x[i] > mx ? x[i] : mx;
  }
  printf("sum=%.6g prod=%.6g diff=%.6g min=%g max=%g\n", sum, prod, diff, mn, mx);
  return 0;
}

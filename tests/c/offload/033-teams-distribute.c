// KERNELS: 3
/* teams + distribute without parallel: iterations spread over teams; num_teams; dist_schedule. */
#include <stdio.h>
#define N 1000
int main(void) {
  static int a[N];
  long s = 0;
#pragma omp target teams distribute num_teams(8) map(from : a)
  for (int i = 0; i < N; i++) a[i] = i % 7;
#pragma omp target teams distribute reduction(+ : s) map(to : a)
  for (int i = 0; i < N; i++) s += a[i];
  int count = 0;
#pragma omp target teams distribute dist_schedule(static, 64) reduction(+ : count) map(to : a)
  for (int i = 0; i < N; i++) count += a[i] == 3;
  printf("s=%ld count=%d\n", s, count);
  return 0;
}

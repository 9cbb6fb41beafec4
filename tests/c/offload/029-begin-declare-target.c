// ORACLE: clang-offload
// KERNELS: 1
/* begin declare target / end declare target (OpenMP 5.1), around functions and a global. */
#include <stdio.h>
#pragma omp begin declare target
int limit = 50;
int clampi(int x) { return x > limit ? limit : x; }
int collatz(int n) {
  int steps = 0;
  while (n != 1) { n = n % 2 ? 3 * n + 1 : n / 2; steps++; }
  return steps;
}
#pragma omp end declare target
int main(void) {
  int s[30];
#pragma omp target teams distribute parallel for map(from : s)
  for (int i = 0; i < 30; i++) s[i] = clampi(collatz(i + 1));
  for (int i = 0; i < 30; i++) printf("%d%c", s[i], i == 29 ? '\n' : ' ');
  return 0;
}

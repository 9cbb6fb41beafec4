// KERNELS: 1
/* The list forms: declare target(list) and declare target to(list), for functions and globals. */
#include <stdio.h>
int twice(int x) { return 2 * x; }
int thrice(int x) { return 3 * x; }
int base = 7;
int weights[4] = {1, 10, 100, 1000};
#pragma omp declare target(twice, base)
#pragma omp declare target to(thrice, weights)
int main(void) {
  int out[4];
#pragma omp target map(from : out)
  for (int i = 0; i < 4; i++) out[i] = twice(weights[i]) + thrice(base);
  printf("%d %d %d %d\n", out[0], out[1], out[2], out[3]);
  return 0;
}

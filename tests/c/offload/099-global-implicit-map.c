// KERNELS: 3
/* Globals (not declare target) named in a target region are mapped implicitly: arrays tofrom,
 * scalars firstprivate; an explicit map(tofrom:) brings a scalar global back. */
#include <stdio.h>
#define N 50
int table[N];
double factor = 1.5;
static long total;
int main(void) {
  for (int i = 0; i < N; i++) table[i] = i;
#pragma omp target teams distribute parallel for
  for (int i = 0; i < N; i++) table[i] = (int)(table[i] * factor);
#pragma omp target
  factor = 100; /* firstprivate: the host keeps 1.5 */
#pragma omp target map(tofrom : total)
  for (int i = 0; i < N; i++) total += table[i];
  printf("table[1]=%d table[49]=%d factor=%g total=%ld\n", table[1], table[49], factor, total);
  return 0;
}

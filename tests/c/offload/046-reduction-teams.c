// KERNELS: 3
/* Reductions across teams: teams distribute reduction, and a reduction on the teams construct
 * itself combined with a parallel reduction inside. */
#include <stdio.h>
#define N 10000
int main(void) {
  long s = 0;
  double d = 0;
  int mx = -1;
#pragma omp target teams distribute reduction(+ : s) reduction(max : mx)
  for (int i = 0; i < N; i++) { s += i % 97; mx = (i * 31) % 1013 > mx ? (i * 31) % 1013 : mx; }
#pragma omp target teams distribute parallel for simd reduction(+ : d)
  for (int i = 0; i < N; i++) d += (i % 8) * 0.125;
  long c = 0;
#pragma omp target teams reduction(+ : c) num_teams(4)
  {
#pragma omp distribute parallel for reduction(+ : c)
    for (int i = 0; i < N; i++) c += i % 2;
  }
  printf("s=%ld max=%d d=%.6g c=%ld\n", s, mx, d, c);
  return 0;
}

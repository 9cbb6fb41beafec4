// KERNELS: 3
/* Reductions over arrays and array sections (reduction(+ : h[0:8])), and teams with private and
 * firstprivate clauses of their own. */
#include <stdio.h>
#define N 10000
int main(void) {
  int h[8] = {0};
  double w[4] = {0, 0, 0, 0};
#pragma omp target teams distribute parallel for reduction(+ : h[0:8])
  for (int i = 0; i < N; i++) h[(i * 5 + i / 7) % 8] += 1;
#pragma omp target parallel for reduction(+ : w)
  for (int i = 0; i < N; i++) w[i % 4] += 0.25;
  int base = 1000, scratch = 0, per[4] = {0};
#pragma omp target teams num_teams(4) firstprivate(base) private(scratch) map(tofrom : per)
  {
    scratch = base + 1;
#pragma omp distribute
    for (int i = 0; i < 4; i++) per[i] = scratch + i;
  }
  for (int i = 0; i < 8; i++) printf("%d ", h[i]);
  printf("| %g %g %g %g | %d %d %d %d\n", w[0], w[1], w[2], w[3], per[0], per[1], per[2], per[3]);
  return 0;
}

// ORACLE: clang-offload
// KERNELS: 3
/* A scalar in a target data map that no region uses (it still needs an address for the runtime);
   a scalar used in target teams / target parallel without a clause is firstprivate, and each team
   and each thread works on a copy of its own (as clang passes them; gcc 12 lets the teams and
   threads share the target region's copy). */
#include <stdio.h>
#include <omp.h>
int main(void) {
  int n = 5, x = 1;
#pragma omp target data map(to: n)
  { x = 2; }
#pragma omp target enter data map(to: n)
#pragma omp target exit data map(release: n)
  printf("x=%d n=%d\n", x, n);

  int t = 7, best = 0, worst = 100;
#pragma omp target teams num_teams(4) reduction(max: best) reduction(min: worst)
  {
    t += 1;   /* this team's copy */
    best = best > t ? best : t;
    worst = worst < t ? worst : t;
  }
  printf("teams: best=%d worst=%d t=%d\n", best, worst, t);

  int u = 3, most = 0;
#pragma omp target parallel num_threads(4) map(tofrom: most)
  {
    u *= 2;   /* this thread's copy */
#pragma omp critical
    if (u > most) most = u;
  }
  printf("threads: most=%d u=%d\n", most, u);

  int s = 10, sum = 0;
#pragma omp target teams distribute parallel for reduction(+: sum)
  for (int i = 0; i < 8; i++) { s = s + 0; sum += s + i; }
  printf("combined: sum=%d\n", sum);
  return 0;
}

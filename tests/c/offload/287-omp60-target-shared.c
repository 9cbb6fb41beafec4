// KERNELS: 34
// ORACLE: expected
// WHY: OpenMP 6.0 syntax: gcc 12 and clang 19 reject the shared clause on target
/* shared on target (OpenMP 6.0): the clause is about the target task, which shares the variable
 * with the task that encounters the construct instead of taking its value when the construct is
 * encountered; the target region itself sees the variable as without the clause (a scalar not
 * mapped is firstprivate there, with the value it has when the target task runs). */
#include <omp.h>
#include <stdio.h>

#define N 16

int main(void) {
  int y = 0, x = 0;
  /* T1 (device) -> T2 (host) -> T3 (device), N times: the updates meet in y (OpenMP_VV's taskgraph test) */
#pragma omp parallel num_threads(2) shared(x, y)
#pragma omp single
  for (int i = 0; i < N; ++i) {
    ++x;
#pragma omp target nowait map(tofrom : y) depend(out : y) shared(y)
    ++y;
#pragma omp task depend(out : y) shared(y)
    ++y;
#pragma omp target nowait map(tofrom : y) depend(out : y) shared(y)
    ++y;
  }
  printf("chained updates: x %d, y %d\n", x, y);

  /* v is not mapped: firstprivate in the region, with its value when the target task runs, which
     is after the host task before it has set it */
  int v = 1, seen = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task depend(out : v) shared(v)
    {
      for (volatile int spin = 0; spin < 100000; spin++) {
      }
      v = 2;
    }
#pragma omp target nowait depend(in : v) depend(out : seen) shared(v) map(from : seen)
    seen = v * 10;
#pragma omp taskwait
  }
  printf("shared(v): the region saw %d, v is %d\n", seen, v);

  /* shared on a compound construct applies to every leaf that takes it: the target task and the teams */
  int count = 0, teams = 0, w = 3;
#pragma omp target teams num_teams(2) shared(w) map(tofrom : count, teams) nowait depend(out : count)
  {
#pragma omp atomic
    count += w;
    if (omp_get_team_num() == 0) teams = omp_get_num_teams();
  }
#pragma omp taskwait
  printf("target teams shared(w): count is w per team %d\n", count == w * teams && teams > 0);
  return 0;
}

/* The omp_* routines of the host (schedule, dynamic, levels, ancestors, team sizes, active levels,
 * omp_alloc/omp_free, wtick, thread limit, cancellation) and OpenMP 5.1 atomic compare, also with
 * capture (braced forms, as gcc 12 wants them). */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
int main(void) {
  omp_set_dynamic(0);
  omp_set_max_active_levels(2);
  omp_sched_t k; int ch;
  omp_set_schedule(omp_sched_dynamic, 3);
  omp_get_schedule(&k, &ch);
  printf("sched %d %d dyn %d maxlev %d limit>0 %d wtick>0 %d\n", (int)k, ch, omp_get_dynamic(), omp_get_max_active_levels(), omp_get_thread_limit() > 0, omp_get_wtick() > 0);
  int lev = -1, anc = -1, ts = -1, inpar = -1, act = -1;
#pragma omp parallel num_threads(2)
  {
#pragma omp parallel num_threads(3)
    {
#pragma omp single
      { lev = omp_get_level(); anc = omp_get_ancestor_thread_num(0); ts = omp_get_team_size(1); inpar = omp_in_parallel(); act = omp_get_active_level(); }
    }
  }
  printf("level %d anc %d teamsize %d inpar %d active %d\n", lev, anc, ts, inpar, act);
  int *p = (int *)omp_alloc(16 * sizeof(int), omp_default_mem_alloc);
  p[3] = 7; printf("alloc %d\n", p[3]); omp_free(p, omp_default_mem_alloc);
  int x = 5, v;
#pragma omp atomic compare
  if (x < 10) { x = 10; }
#pragma omp atomic capture compare
  { v = x; if (x == 10) { x = 11; } }
  printf("atomic compare x=%d v=%d\n", x, v);
  int cnt = 0;
#pragma omp parallel for num_threads(4) reduction(+:cnt)
  for (int i = 0; i < 100; i++) {
    cnt++;
  }
  printf("cnt %d cancellation %d\n", cnt, omp_get_cancellation());
  return 0;
}

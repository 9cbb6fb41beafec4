// ORACLE: expected
// KERNELS: 3
// ENV: OMP_NUM_TEAMS_DEV_0=3 OMP_TEAMS_THREAD_LIMIT_DEV=32 OMP_NUM_THREADS_DEV=2
// WHY: gcc 12 has no device here (its host "device" reads OMP_NUM_TEAMS only) and clang 19's libomptarget ignores the device forms (_DEV, _DEV_<n>) of OpenMP 5.1's environment variables, so both run 1 or as many teams as they like
/* The device's ICVs from the device forms of the environment variables (OpenMP 5.2 §21.1):
   OMP_NUM_TEAMS_DEV_0 sets device 0's nteams-var, OMP_TEAMS_THREAD_LIMIT_DEV and
   OMP_NUM_THREADS_DEV every device's teams-thread-limit-var and nthreads-var. A target region
   reads them back, a teams construct without num_teams makes that many teams, and a parallel
   region in a team gets nthreads-var threads. The ICV setters a region may call link and work. */
#include <omp.h>
#include <stdio.h>
int main(void) {
  int max_teams = -1, limit = -1, max_threads = -1, levels = -1, kind = -1, chunk = -1;
#pragma omp target map(from : max_teams, limit, max_threads, levels, kind, chunk)
  {
    max_teams = omp_get_max_teams();
    limit = omp_get_teams_thread_limit();
    max_threads = omp_get_max_threads();
    omp_set_max_active_levels(omp_get_max_active_levels());
    levels = omp_get_max_active_levels() >= 0;
    omp_set_schedule(omp_sched_guided, 4);
    omp_sched_t k;
    omp_get_schedule(&k, &chunk);
    kind = k == omp_sched_guided;
  }
  printf("in a target region: max teams %d, teams thread limit %d, max threads %d\n", max_teams, limit, max_threads);
  printf("setters: max-active-levels %d, schedule guided %d chunk %d\n", levels, kind, chunk);
  int teams = -1, threads[8] = {0};
#pragma omp target teams map(from : teams, threads)
  {
    if (omp_get_team_num() == 0) teams = omp_get_num_teams();
#pragma omp parallel
    if (omp_get_thread_num() == 0) threads[omp_get_team_num()] = omp_get_num_threads();
  }
  printf("teams without num_teams: %d, threads of their parallel regions: %d %d %d\n", teams, threads[0], threads[1], threads[2]);
  int n = 0;
#pragma omp target teams num_teams(2) thread_limit(8) map(tofrom : n)
#pragma omp parallel num_threads(4)
#pragma omp atomic
  n++;
  printf("clauses still decide: %d\n", n);
  return 0;
}

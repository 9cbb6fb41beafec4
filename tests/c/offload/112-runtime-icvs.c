// KERNELS: 0
/* The OpenMP 5.1/5.2 runtime routines of the ICVs: nteams-var and teams-thread-limit-var (what a
   teams construct without clauses gets), the supported active levels, affinity-format-var and
   the affinity line of a thread, places; and omp_pause_resource. */
#include <stdio.h>
#include <string.h>
#include <omp.h>
int main(void) {
  printf("defaults: max teams %d, teams thread limit %d\n", omp_get_max_teams(), omp_get_teams_thread_limit());
  omp_set_num_teams(3);
  omp_set_teams_thread_limit(2);
  omp_set_num_teams(-1);   /* ignored */
  printf("set: max teams %d, teams thread limit %d\n", omp_get_max_teams(), omp_get_teams_thread_limit());
  int teams = 0;
#pragma omp teams reduction(max: teams)
  teams = omp_get_num_teams();
  printf("teams construct: %s\n", teams >= 1 && teams <= 3 ? "at most nteams-var teams" : "too many teams");
  printf("supported active levels: %s\n", omp_get_supported_active_levels() >= 1 ? "some" : "none");

  char buf[64];
  omp_set_affinity_format("T%0.3n of %N at level %L");
  size_t len = omp_get_affinity_format(buf, sizeof buf);
  printf("format '%s' (%zu)\n", buf, len);
  len = omp_get_affinity_format(buf, 6);
  printf("truncated '%s' (%zu)\n", buf, len);
  char line[64] = "";
#pragma omp parallel num_threads(3)
  {
    if (omp_get_thread_num() == 2) omp_capture_affinity(line, sizeof line, NULL);
  }
  printf("captured '%s'\n", line);
  size_t need = omp_capture_affinity(NULL, 0, "%{thread_num}|%5{num_threads}|%.5L|");
  omp_capture_affinity(line, sizeof line, "%{thread_num}|%5{num_threads}|%.5L|");
  printf("long names '%s' (%zu)\n", line, need);
  printf("pause: %d\n", omp_pause_resource(omp_pause_soft, omp_get_initial_device()));
  int n = 0;
#pragma omp parallel num_threads(2) reduction(+: n)
  n += 1;
  printf("after the pause: %d threads\n", n);
  return 0;
}

// KERNELS: 1
// ORACLE: expected
// WHY: OpenMP 6.0 routines: gcc 12 and clang 19 declare none of omp_get_uid_from_device,
// WHY: omp_get_device_from_uid, omp_get/set_device_num_teams, omp_get/set_device_teams_thread_limit
/* OpenMP 6.0's device routines: a device's unique identifier names it again (the host's too, and
 * an unknown one is omp_invalid_device); a device's nteams-var and teams-thread-limit-var set from
 * the host bound a teams construct without clauses on that device; the initial device's are the
 * host's own (omp_get_max_teams). No device numbers are printed. */
#include <stdio.h>
#include <string.h>
#include <omp.h>
int main(void) {
  int dev = omp_get_default_device(), host = omp_get_initial_device();
  const char *du = omp_get_uid_from_device(dev), *hu = omp_get_uid_from_device(host);
  printf("uids: device's names it %d, host's names it %d, omp_initial_device's is the host's %d, differ %d\n",
         omp_get_device_from_uid(du) == dev, omp_get_device_from_uid(hu) == host,
         omp_get_uid_from_device(omp_initial_device) == hu, strcmp(du, hu) != 0);
  printf("unknown uid: %d; no device: %d\n", omp_get_device_from_uid("no such device") == omp_invalid_device,
         omp_get_uid_from_device(omp_get_num_devices() + 5) == NULL);

  omp_set_device_num_teams(3, dev);
  omp_set_device_teams_thread_limit(2, dev);
  printf("device ICVs: num_teams %d, teams_thread_limit %d\n", omp_get_device_num_teams(dev), omp_get_device_teams_thread_limit(dev));
  int teams = 0, threads = 0;
#pragma omp target teams map(from: teams, threads)
  {
    if (omp_get_team_num() == 0) teams = omp_get_num_teams();
#pragma omp parallel
    if (omp_get_team_num() == 0 && omp_get_thread_num() == 0) threads = omp_get_num_threads();
  }
  printf("teams without clauses on the device: at most 3 teams %d, at most 2 threads %d\n", teams >= 1 && teams <= 3, threads >= 1 && threads <= 2);

  omp_set_device_num_teams(5, host);
  printf("initial device: num_teams %d, omp_get_max_teams %d\n", omp_get_device_num_teams(host), omp_get_max_teams());
  return 0;
}

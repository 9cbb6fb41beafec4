// KERNELS: 2
/* omp_get_team_num/num_teams/thread_num/num_threads inside regions, checked through aggregates
 * that do not depend on how many teams and threads the device gives. */
#include <stdio.h>
#include <omp.h>
#define N 4096
int main(void) {
  int valid = 0, iters = 0;
#pragma omp target teams distribute parallel for num_teams(8) thread_limit(64) reduction(+ : valid, iters)
  for (int i = 0; i < N; i++) {
    int t = omp_get_team_num(), nt = omp_get_num_teams();
    int h = omp_get_thread_num(), nh = omp_get_num_threads();
    valid += t >= 0 && t < nt && nt >= 1 && nt <= 8 && h >= 0 && h < nh && nh >= 1 && nh <= 64;
    iters += 1;
  }
  printf("valid %d of %d iterations\n", valid, iters);
  int initial = -1;
#pragma omp target teams num_teams(3) map(tofrom : initial)
  {
    if (omp_get_team_num() == 0) initial = omp_get_num_teams() >= 1 && omp_get_num_teams() <= 3;
  }
  printf("team count within bound: %d\n", initial);
  return 0;
}

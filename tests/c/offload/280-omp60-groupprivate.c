// KERNELS: 2
// ORACLE: expected
// WHY: OpenMP 6.0's groupprivate directive: gcc 12 and clang 19 do not know it
/* OpenMP 6.0 groupprivate: each contention group (each team of a teams region, on the host and on
 * the device) has its own copy of the variable, shared by the threads of the team's parallel
 * regions; a copy starts uninitialised (the program writes it first) and lives as long as its
 * team. device_type(nohost): on the host the name is the variable itself; device_type(host): on
 * the device too. A block-scope variable in groupprivate keeps its team's value between calls. */
#include <stdio.h>
#include <omp.h>

#define TEAMS 4
int g;
#pragma omp groupprivate(g)
int dev_only;
#pragma omp groupprivate(dev_only) device_type(nohost)
double host_only[3];
#pragma omp groupprivate(host_only) device_type(host)

/* how often this team has called it since it passed first (a block-scope groupprivate) */
int calls(int first) {
  static int n;
#pragma omp groupprivate(n)
  if (first) n = 0;
  return ++n;
}

int main(void) {
  int sum = 0, shared_ok = 1, last = -1;
#pragma omp teams num_teams(TEAMS) reduction(+: sum) reduction(&&: shared_ok)
  {
    g = 10 * omp_get_team_num();
    host_only[1] = g + 0.5;
#pragma omp parallel num_threads(3)
    {
#pragma omp atomic
      g++;
#pragma omp barrier
      if (g != 10 * omp_get_team_num() + omp_get_num_threads()) shared_ok = 0;
#pragma omp barrier
#pragma omp single
      g = 10 * omp_get_team_num();
    }
    if (host_only[1] != g + 0.5) shared_ok = 0;
    sum += g;
    dev_only = omp_get_team_num(); /* not replicated on the host: the teams write one variable */
#pragma omp atomic write
    last = dev_only;
  }
  printf("host teams: sum of the teams' copies %d, shared by each team's threads %d, nohost is one variable %d\n",
         sum, shared_ok, dev_only == last);

  int dsum = 0, dok = 1, ncalls = 0;
#pragma omp target teams num_teams(TEAMS) map(tofrom: dsum, dok, ncalls) reduction(+: dsum, ncalls) reduction(&&: dok)
  {
    int t = omp_get_team_num();
    g = 100 * t;
    dev_only = t;
    calls(1);
#pragma omp parallel num_threads(4)
    {
#pragma omp atomic
      g++;
#pragma omp barrier
      if (g != 100 * t + omp_get_num_threads() || dev_only != t) dok = 0;
#pragma omp barrier
#pragma omp masked
      calls(0);
    }
    g = 100 * t;
    dsum += g + dev_only;
    ncalls += calls(0);
  }
  printf("device teams: sum of the teams' copies %d, shared by each team's threads %d, calls per team %d\n",
         dsum, dok, ncalls / TEAMS);

  int one = 0;
#pragma omp target map(from: one)
  {
    g = 7; /* a target region without teams: its initial team's copy */
#pragma omp parallel num_threads(2)
    {
#pragma omp barrier
#pragma omp masked
      one = g == 7;
    }
  }
  printf("target without teams: one copy for its threads %d\n", one);
  return 0;
}

// KERNELS: 1
// ORACLE: gcc
// lastprivate(conditional:) where several instances of one construct run at once (OpenMP 5.2
// §5.4.5): each instance has its own record of the last assigning iteration, so each gets the
// value of its own sequentially last assigning iteration (checked against a sequential loop, so
// the output does not depend on how many teams there are): a parallel for in each of several
// teams (host and device), an orphaned for in each team's parallel region, a parallel for in
// each thread of a parallel region. (The clause is
// not allowed on distribute, so not on teams distribute parallel for either: clang and gcc
// refuse it, and so does jomp.)
#include <stdio.h>
#include <omp.h>

enum { N = 2000, NH = 100000, T = 4 };   // long host loops: the instances overlap

#pragma omp declare target
static int data(int i, int k) { return (i * 37 + k * 11) % 101; }
// the sequentially last i with data(i, k) above lo and below hi (-1: none)
static int last_in(int n, int k, int lo, int hi) {
  int r = -1;
  for (int i = 0; i < n; i++)
    if (data(i, k) > lo && data(i, k) < hi) r = i;
  return r;
}
#pragma omp end declare target

int main(void) {
  omp_set_max_active_levels(2);   // a parallel for in each thread of a parallel region has threads of its own
  int wrong = 0, found = 0;
  #pragma omp teams num_teams(T) reduction(+: wrong, found)
  {
    int k = omp_get_team_num(), t = -1, u = -1;
    #pragma omp parallel for lastprivate(conditional: t) num_threads(4)
    for (int i = 0; i < NH; i++)
      if (data(i, k) > 97) t = i;
    #pragma omp parallel num_threads(3)
    {
      #pragma omp for lastprivate(conditional: u) schedule(dynamic, 5)
      for (int i = 0; i < NH; i++)
        if (data(i, k) < 2) u = i;
    }
    wrong += (t != last_in(NH, k, 97, 101)) + (u != last_in(NH, k, -1, 2));
    found += (t >= 0) + (u >= 0);
  }
  printf("host teams: wrong=%d all found=%d\n", wrong, found > 0 && found % 2 == 0);

  int dwrong = 0;
  #pragma omp target teams num_teams(T) reduction(+: dwrong) map(tofrom: dwrong)
  {
    int k = omp_get_team_num(), t = -1, u = -1;
    #pragma omp parallel for lastprivate(conditional: t)
    for (int i = 0; i < N; i++)
      if (data(i, k) > 96) t = i;
    #pragma omp parallel
    {
      #pragma omp for lastprivate(conditional: u) schedule(static, 3)
      for (int i = 0; i < N; i++)
        if (data(i, k + 1) < 3) u = i;
    }
    dwrong += (t != last_in(N, k, 96, 101)) + (u != last_in(N, k + 1, -1, 3));
  }
  printf("device teams: wrong=%d\n", dwrong);

  int nres[4] = {-1, -1, -1, -1};
  #pragma omp parallel num_threads(4)
  {
    int k = omp_get_thread_num(), t = -1;
    #pragma omp parallel for lastprivate(conditional: t) num_threads(2)
    for (int i = 0; i < NH; i++)
      if (data(i, k + 5) > 98) t = i;
    nres[k] = t;
  }
  printf("nested parallel for: %d %d %d %d\n", nres[0], nres[1], nres[2], nres[3]);

  return 0;
}

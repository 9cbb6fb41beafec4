// KERNELS: 3
// ORACLE: expected
// WHY: OpenMP 6.0 syntax: gcc 12 and clang 19 do not know the memscope clause on atomic and
// WHY: flush (clang 19 ignores it with a warning), nor the underscore spelling of a combined
// WHY: directive's name; the expected output is the program's own counts (every update is atomic
// WHY: for the threads that take part, whatever the scope, so each total is the number of updates)
/* memscope (OpenMP 6.0, on atomic and flush): the threads an atomic or flush synchronises with: all (host and
 * devices: nvptx64's .sys scope), device (.gpu, an atomic's default) and cgroup (the team's
 * threads: .cta). Updates, captures, compare, reads and writes with each scope in a target
 * region over many teams (its combined directive spelt with 6.0's underscores), the host's too,
 * and flushes; the totals are exact. */
#include <omp.h>
#include <stdio.h>

enum { N = 1000 };

int main(void) {
  int all = 0, dev = 0, firsts = 0, flag = 0, seen = 0;
  long prod = 1;
  short small = 0;
  double half = 0;
#pragma omp target_teams_distribute_parallel_for num_teams(8) map(tofrom: all, dev, firsts, flag, prod, small, half)
  for (int i = 0; i < N; i++) {
    int old;
#pragma omp atomic memscope(all)
    all += 2;
#pragma omp atomic seq_cst memscope(device)
    dev++;
#pragma omp atomic capture memscope(all)
    old = flag++;
    if (old == 0) {
#pragma omp atomic memscope(all)
      firsts++;
    }
#pragma omp atomic memscope(all)
    small += 1;
#pragma omp atomic memscope(all) seq_cst
    half += 0.5;
    if (i % 100 == 0) {
#pragma omp atomic memscope(cgroup)
      prod *= 2;
    }
  }
  /* a team's threads count with cgroup scope into the team's own counter */
  int per[4] = {0, 0, 0, 0}, nth[4] = {0, 0, 0, 0}, wrong = 0;
#pragma omp target teams num_teams(4) map(tofrom: per, nth)
  {
    int t = omp_get_team_num();
#pragma omp parallel num_threads(8)
    {
#pragma omp atomic update memscope(cgroup)
      per[t] += 1;
#pragma omp flush memscope(cgroup)
#pragma omp single
      nth[t] = omp_get_num_threads();
    }
  }
  for (int t = 0; t < 4; t++) wrong += per[t] != nth[t];
  int w = 0, r = 0;
#pragma omp target map(tofrom: w, r)
  {
#pragma omp atomic write memscope(all) release
    w = 42;
#pragma omp flush memscope(all)
#pragma omp atomic read memscope(all) acquire
    r = w;
  }
#pragma omp parallel for num_threads(4)
  for (int i = 0; i < 100; i++) {
#pragma omp atomic memscope(all)
    seen += 1;
  }
  printf("all %d dev %d flag %d firsts %d small %d half %g prod %ld\n", all, dev, flag, firsts, small, half, prod);
  printf("teams whose count is not their threads' %d, write/read %d %d, host %d\n", wrong, w, r, seen);
  return 0;
}

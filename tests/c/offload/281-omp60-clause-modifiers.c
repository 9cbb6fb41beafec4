// KERNELS: 3
// ORACLE: expected
// WHY: OpenMP 6.0 syntax: gcc 12 and clang 19 know neither directive-name modifiers on data-sharing
// WHY: clauses, default(attribute: category), safesync, device_safesync, memscope, the dims modifier
// WHY: nor the assumption clause no_openmp_constructs
/* OpenMP 6.0 clause forms. firstprivate(target: x) on a compound construct privatises x for the
 * target leaf only: the teams inside share the target's copy, which the host never sees;
 * firstprivate(teams: x) gives each team a copy of its own. default(firstprivate: scalar) makes the
 * scalars firstprivate and leaves aggregates and pointers shared; default(none: pointer) asks only
 * pointers to be listed. safesync on parallel, requires device_safesync, memscope on atomic and
 * flush and the assumption no_openmp_constructs hold for jomp's threads without changing the
 * result; num_teams(dims(2): a, b) asks for a * b teams. */
#include <stdio.h>
#include <omp.h>

#pragma omp requires device_safesync

#define N 1000
#define M 4

int main(void) {
  int x = 0, last = 0, i;
  /* every iteration counts on the one copy the teams share: the N-th count is N - 1 before it */
#pragma omp target teams distribute firstprivate(target: x) num_teams(M) map(tofrom: last)
  for (i = 0; i < N; ++i) {
    int before;
#pragma omp atomic capture memscope(device)
    before = x++;
    if (before == N - 1) last = N;
  }
  int teams_seen = 0;
#pragma omp target teams firstprivate(target: x) num_teams(M) map(tofrom: teams_seen)
  {
    int before;
#pragma omp atomic capture memscope(cgroup)
    before = x++;
    if (before == omp_get_num_teams() - 1) teams_seen = omp_get_num_teams();
  }
#pragma omp flush memscope(all)
  printf("firstprivate(target:): host's x %d, iterations on the shared copy %d, teams on it %d\n", x, last,
         teams_seen == M);

  int y = 5, per_team[M];
  for (i = 0; i < M; i++) per_team[i] = -1;
#pragma omp target teams distribute firstprivate(teams: y) num_teams(M) map(from: per_team)
  for (i = 0; i < M; ++i) {
    y += omp_get_team_num();
    per_team[omp_get_team_num()] = y;
  }
  printf("firstprivate(teams:): ");
  for (i = 0; i < M; i++) printf("%d ", per_team[i] - i);
  printf("host's y %d\n", y);

  int s = 3, arr[2] = {1, 2}, *p = &s, n = 0;
#pragma omp parallel num_threads(2) default(firstprivate: scalar) safesync(2)
  {
    s += 10; /* each thread's own copy */
#pragma omp single
    arr[0] = 9; /* shared */
#pragma omp atomic
    (*p)++; /* p is a pointer: shared, points at the original s */
  }
#pragma omp parallel for default(none: pointer) shared(n) reduction(+: n) safesync
  for (i = 0; i < 10; i++) n += i;
  printf("default(firstprivate: scalar): s %d, arr[0] %d; default(none: pointer): n %d\n", s, arr[0], n);

  int teams = 0;
#pragma omp teams num_teams(dims(2): 2, 3) reduction(+: teams)
  teams += omp_get_team_num() == 0 ? omp_get_num_teams() : 0;
  int plain = 0, threads = 0;
#pragma omp assume no_openmp_constructs(0)
  {
#pragma omp parallel num_threads(2) reduction(+: threads)
    threads += 1;
  }
#pragma omp assume no_openmp_constructs
  for (i = 0; i < 4; i++) plain += i;
  printf("dims(2): 2, 3 teams: %d; no_openmp_constructs: %d, without it: %d\n", teams, plain, threads);
  return 0;
}

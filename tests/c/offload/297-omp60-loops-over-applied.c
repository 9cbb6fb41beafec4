// KERNELS: 3
// ORACLE: expected
// WHY: OpenMP 6.0's apply clause and loop transformations over stripe, fuse and split: gcc 12 and
// WHY: clang 19 implement none of them
/* Loop constructs associated with the loops that a loop transformation with apply clauses
 * generates, and with the loops of a transformation over the loops of stripe, fuse or split: the
 * construct shares out (collapse(n): the n outermost of) the generated loops, each logical
 * iteration running the rest of them in their order (for, taskloop, simd, distribute and their
 * combined forms). Every original iteration must run once, the
 * reduction and the lastprivate loop variables must be the sequential program's; a loop construct
 * with an ordered region over the generated loops must see their order. Host, then target
 * regions. */
#include <stdio.h>

#define N 23
#define M 10

static int hits[N][M];

static void clear(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) hits[i][j] = 0;
}

static const char *once(int n, int m) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (hits[i][j] != (i < n && j < m)) return "WRONG";
  return "every iteration once";
}

int main(void) {
  long seq = 0, par;
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) seq += 100 * i + j;

  for (int depth = 1; depth <= 2; depth++) {
    clear();
    par = 0;
    i = j = -1;
    if (depth == 1) {
#pragma omp parallel for reduction(+: par) lastprivate(i, j) num_threads(4)
#pragma omp tile sizes(4, 3) apply(grid: reverse, reverse) apply(intratile(2): reverse)
      for (i = 0; i < N; i++)
        for (j = 0; j < M; j++) par += 100 * i + j, hits[i][j]++;
    } else {
#pragma omp parallel for collapse(2) reduction(+: par) lastprivate(i, j) num_threads(4) schedule(dynamic, 2)
#pragma omp tile sizes(4, 3) apply(grid: reverse, reverse) apply(intratile(2): reverse)
      for (i = 0; i < N; i++)
        for (j = 0; j < M; j++) par += 100 * i + j, hits[i][j]++;
    }
    printf("for collapse(%d) over tile with apply: %s, sum %ld (sequential %ld), i %d j %d\n", depth,
           once(N, M), par, seq, i, j);
  }

  clear();
  par = 0;
#pragma omp parallel for collapse(2) reduction(+: par) num_threads(3)
#pragma omp interchange
#pragma omp stripe sizes(3, 4)
  for (int a = 0; a < N; a++)
    for (int b = 0; b < M; b++) par += 100 * a + b, hits[a][b]++;
  printf("for collapse(2) over interchange over stripe: %s, sum %ld (sequential %ld)\n", once(N, M), par, seq);

  clear();
  par = 0;
#pragma omp parallel for reduction(+: par) num_threads(3)
#pragma omp tile sizes(5)
#pragma omp fuse
  {
    for (int a = 0; a < N; a++) par += 100 * a, hits[a][0]++;
    for (int a = 0; a < 7; a++) par += 100 * a + 1, hits[a][1]++;
  }
  printf("for over tile over fuse: %s, sum %ld (sequential %ld)\n",
         hits[22][0] == 1 && hits[6][1] == 1 && hits[7][1] == 0 ? "every iteration once" : "WRONG", par,
         100L * 22 * 23 / 2 + 100L * 21 + 7);

  /* taskloop, simd and teams distribute over such loops */
  long u1 = 0, u2 = 0, u3 = 0, uq = 0;
  for (int a = 0; a < 50; a++) uq += a * a;
#pragma omp parallel num_threads(3)
#pragma omp single
#pragma omp taskloop reduction(+: u1) grainsize(2)
#pragma omp tile sizes(4) apply(grid: reverse)
  for (int a = 0; a < 50; a++) u1 += a * a;
#pragma omp simd reduction(+: u2)
#pragma omp reverse
#pragma omp stripe sizes(3)
  for (int a = 0; a < 50; a++) u2 += a * a;
#pragma omp teams distribute reduction(+: u3) num_teams(3)
#pragma omp unroll partial(4) apply(unrolled: reverse)
  for (int a = 0; a < 50; a++) u3 += a * a;
  printf("taskloop over tile with apply %ld, simd over reverse over stripe %ld, distribute over unroll with apply %ld"
         " (sequential %ld)\n", u1, u2, u3, uq);

  /* ordered: the collapsed generated loops' iterations in their order (j outer, i reversed inner) */
  int order[N * M], no = 0;
#pragma omp parallel for ordered collapse(2) num_threads(4) schedule(static, 1)
#pragma omp interchange apply(interchanged(2): reverse)
  for (int a = 0; a < N; a++)
    for (int b = 0; b < M; b++) {
#pragma omp ordered
      order[no++] = 100 * a + b;
    }
  int ok = no == N * M;
  for (int b = 0, k = 0; b < M; b++)
    for (int a = N - 1; a >= 0; a--, k++) ok = ok && order[k] == 100 * a + b;
  printf("for ordered collapse(2) over interchange apply(interchanged(2): reverse): %s\n",
         ok ? "in the generated order" : "WRONG");

  int dhits[2][N][M] = {{{0}}};
  long dpar[2], p0 = 0, p1 = 0;
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: dhits) reduction(+: p0) num_teams(2) thread_limit(8)
#pragma omp tile sizes(4, 3) apply(grid: interchange)
  for (int a = 0; a < N; a++)
    for (int b = 0; b < M; b++) p0 += 100 * a + b, dhits[0][a][b]++;
#pragma omp target teams distribute parallel for map(tofrom: dhits) reduction(+: p1) num_teams(2) thread_limit(8)
#pragma omp reverse apply(reversed: stripe sizes(3))
#pragma omp split counts(omp_fill)
  for (int a = 0; a < N; a++)
    for (int b = 0; b < M; b++) p1 += 100 * a + b, dhits[1][a][b]++;
  dpar[0] = p0;
  dpar[1] = p1;
  for (int t = 0; t < 2; t++) {
    int dok = 1;
    for (int a = 0; a < N; a++)
      for (int b = 0; b < M; b++) dok = dok && dhits[t][a][b] == 1;
    printf("target: %s: %s, sum %ld (sequential %ld)\n",
           t == 0 ? "distribute parallel for collapse(2) over tile apply(grid: interchange)"
                  : "distribute parallel for over reverse apply(reversed: stripe) over split",
           dok ? "every iteration once" : "WRONG", dpar[t], seq);
  }
  /* no num_teams: the launch takes the collapsed generated loops' count, as the kernel counts it */
  static int big[300][40];
  long p2 = 0, s2 = 0;
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: big) reduction(+: p2)
#pragma omp tile sizes(8, 4) apply(grid: interchange) apply(intratile: reverse)
  for (int a = 0; a < 300; a++)
    for (int b = 0; b < 40; b++) big[a][b]++, p2 += a + b;
  int bok = 1;
  for (int a = 0; a < 300; a++)
    for (int b = 0; b < 40; b++) bok = bok && big[a][b] == 1, s2 += a + b;
  printf("target: collapse(2) over tile apply(grid: interchange) apply(intratile: reverse), default launch: %s, sum %ld (sequential %ld)\n",
         bok ? "every iteration once" : "WRONG", p2, s2);
  return 0;
}

// KERNELS: 4
// ORACLE: expected
// WHY: OpenMP 6.0's fuse, split and stripe under loop constructs: gcc 12 and clang 19 know none of
// WHY: these directives
/* Loop constructs associated with the loops OpenMP 6.0's loop transformations generate, each
 * result compared with the sequential program's. stripe sizes(s1, ..., sd) generates d offset loops
 * then d grid loops: a construct that collapses only offset loops gives each thread whole stripes,
 * one that collapses grid loops too shares out an iteration space that is no product (a grid loop
 * runs ceil((n - o) / s) times for offset o), and every original iteration still runs once. fuse
 * generates one loop (its looprange covering the whole sequence), whose iteration k runs iteration
 * k of each loop that has one; a split in the sequence counts one loop per count, omp_fill taking
 * the rest. split counts(omp_fill) generates one loop, which holds the rest of the nest. lastprivate
 * of the transformed loops' variables gets the sequential values. Host, then target regions. */
#include <stdio.h>

#define N 23
#define M 10

static int hits[N][M];

static void clear(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) hits[i][j] = 0;
}

/* every (i, j) with i < n, j < m hit once, nothing else */
static const char *once(int n, int m) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++)
      if (hits[i][j] != (i < n && j < m)) return "WRONG";
  return "every iteration once";
}

int main(void) {
  long seq = 0, par = 0;
  int i, j;
  for (i = 0; i < N; i++)
    for (j = 0; j < M; j++) seq += 100 * i + j;

  clear();
#pragma omp parallel for num_threads(4)
#pragma omp stripe sizes(4)
  for (int a = 0; a < N; a++) hits[a][0]++;
  printf("for over stripe's offset loop: %s\n", once(N, 1));

  for (int n = 1; n <= 7; n += 3) {
    clear();
#pragma omp parallel for collapse(2) num_threads(4)
#pragma omp stripe sizes(5)
    for (int a = 0; a < n; a++) hits[a][0]++;
    printf("for collapse(2) over stripe sizes(5), %d iterations: %s\n", n, once(n, 1));
  }

  for (int depth = 1; depth <= 4; depth++) {
    clear();
    par = 0;
    i = j = -1;
    switch (depth) {
      case 1:
#pragma omp parallel for reduction(+: par) lastprivate(i, j) num_threads(4)
#pragma omp stripe sizes(3, 4)
        for (i = 0; i < N; i++)
          for (j = 0; j < M; j++) par += 100 * i + j, hits[i][j]++;
        break;
      case 2:
#pragma omp parallel for collapse(2) reduction(+: par) lastprivate(i, j) num_threads(4)
#pragma omp stripe sizes(3, 4)
        for (i = 0; i < N; i++)
          for (j = 0; j < M; j++) par += 100 * i + j, hits[i][j]++;
        break;
      case 3:
#pragma omp parallel for collapse(3) reduction(+: par) lastprivate(i, j) num_threads(4) schedule(dynamic, 3)
#pragma omp stripe sizes(3, 4)
        for (i = 0; i < N; i++)
          for (j = 0; j < M; j++) par += 100 * i + j, hits[i][j]++;
        break;
      default:
#pragma omp parallel for collapse(4) reduction(+: par) lastprivate(i, j) num_threads(4)
#pragma omp stripe sizes(3, 4)
        for (i = 0; i < N; i++)
          for (j = 0; j < M; j++) par += 100 * i + j, hits[i][j]++;
    }
    printf("for collapse(%d) over stripe sizes(3, 4): %s, sum %ld (sequential %ld), i %d j %d\n", depth,
           once(N, M), par, seq, i, j);
  }

  /* fuse: three loops of different lengths; lastprivate(k) ends as after the last loop */
  int x[N] = {0}, y[M] = {0}, z[7] = {0}, k = 99;
  long fs = 0;
#pragma omp parallel for reduction(+: fs) lastprivate(k) num_threads(3)
#pragma omp fuse
  {
    for (k = 0; k < N; k++) x[k] += k, fs += k;
    for (k = 0; k < M; k++) y[k] += 2 * k, fs += 2 * k;
    for (k = 6; k >= 0; k--) z[k] += 3 * k, fs += 3 * k;
  }
  long fseq = 0;
  int fok = 1;
  for (int a = 0; a < N; a++) fok &= x[a] == a, fseq += a;
  for (int a = 0; a < M; a++) fok &= y[a] == 2 * a, fseq += 2 * a;
  for (int a = 0; a < 7; a++) fok &= z[a] == 3 * a, fseq += 3 * a;
  printf("for over fuse: %s, sum %ld (sequential %ld), k %d\n", fok ? "every iteration once" : "WRONG", fs, fseq, k);

  /* fuse over split counts(2, omp_fill) and a loop: three loops, the fused one runs max(2, N - 2, 5) */
  clear();
  int c = 2, trips = 0;
#pragma omp parallel for reduction(+: trips) num_threads(4)
#pragma omp fuse looprange(1, 3)
  {
#pragma omp split counts(c, omp_fill)
    for (int a = 0; a < N; a++) hits[a][0]++;
    for (int b = 0; b < 5; b++) hits[b][1]++;
  }
  for (int a = 0; a < N; a++) trips += hits[a][0] + hits[a][1];
  printf("for over fuse of split and a loop: %s, %d iterations (sequential %d)\n",
         hits[0][0] + hits[N - 1][0] + hits[4][1] == 3 && hits[5][1] == 0 ? "every iteration once" : "WRONG",
         trips, N + 5);

  clear();
#pragma omp parallel for collapse(2) num_threads(4)
#pragma omp split counts(omp_fill)
  for (int a = 0; a < N; a++)
    for (int b = 0; b < M; b++) hits[a][b]++;
  printf("for collapse(2) over split counts(omp_fill): %s\n", once(N, M));

  /* simd, taskloop and loop over the generated loops */
  long s1 = 0, s2 = 0, s3 = 0;
#pragma omp simd reduction(+: s1) collapse(2)
#pragma omp stripe sizes(6)
  for (int a = 0; a < N; a++) s1 += a;
#pragma omp parallel num_threads(3)
#pragma omp single
#pragma omp taskloop reduction(+: s2) grainsize(2)
#pragma omp fuse
  {
    for (int a = 0; a < N; a++) s2 += a;
    for (int b = 0; b < M; b++) s2 += 100 * b;
  }
#pragma omp parallel loop reduction(+: s3) collapse(2) num_threads(4)
#pragma omp stripe sizes(4, 3)
  for (int a = 0; a < N; a++)
    for (int b = 0; b < M; b++) s3 += 100 * a + b;
  printf("simd %ld, taskloop %ld, loop %ld (sequential %d, %d, %ld)\n", s1, s2, s3, N * (N - 1) / 2,
         N * (N - 1) / 2 + 100 * M * (M - 1) / 2, seq);

  /* target regions: the generated loops shared out among teams and threads */
  long t1 = 0, t2 = 0, t3 = 0;
  int dev[N][M] = {{0}};
#pragma omp target teams distribute parallel for collapse(4) reduction(+: t1) map(tofrom: dev) num_teams(3)
#pragma omp stripe sizes(4, 3)
  for (int a = 0; a < N; a++)
    for (int b = 0; b < M; b++) t1 += 100 * a + b, dev[a][b]++;
  int dok = 1;
  for (int a = 0; a < N; a++)
    for (int b = 0; b < M; b++) dok &= dev[a][b] == 1;
#pragma omp target teams distribute parallel for reduction(+: t2) map(tofrom: dev) num_teams(2)
#pragma omp fuse
  {
    for (int a = 0; a < N; a++) t2 += a, dev[a][0] += 1;
    for (int b = 0; b < M; b++) t2 += 1000 * b, dev[b][1] += 2;
  }
  dok &= dev[N - 1][0] == 2 && dev[M - 1][1] == 3 && dev[M][1] == 1;
#pragma omp target teams distribute collapse(3) reduction(+: t3) num_teams(4)
#pragma omp stripe sizes(5, 2)
  for (int a = 0; a < N; a++)
    for (int b = 0; b < M; b++) t3 += 100 * a + b;
  long t4 = 0;
#pragma omp target parallel for collapse(2) reduction(+: t4) num_threads(4)
#pragma omp split counts(omp_fill)
  for (int a = 0; a < N; a++)
    for (int b = 0; b < M; b++) t4 += 100 * a + b;
  printf("target: %s, stripe collapse(4) %ld, fuse %ld, stripe collapse(3) %ld, split %ld (sequential %ld, %d, %ld, %ld)\n",
         dok ? "every iteration once" : "WRONG", t1, t2, t3, t4, seq, N * (N - 1) / 2 + 1000 * M * (M - 1) / 2, seq,
         seq);
  return 0;
}

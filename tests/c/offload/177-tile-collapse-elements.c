// KERNELS: 2
// ORACLE: expected
// WHY: gcc 12 has no tile (collapse(4) over two loops does not compile) and clang 19 miscomputes a collapse that reaches the tile's element loops (iterations skipped or run twice: it takes their bounds as rectangular); the expected output is that of this program with each tile written out as its floor and element loops in C (OpenMP 5.1's generated nest) built by gcc -fopenmp.
// A loop construct whose collapse reaches into the loops tile generates (OpenMP 5.1: floor loops,
// then element loops, whose bounds depend on the floor loops: partial tiles at the edges): every
// iteration runs once, a static schedule hands out the logical iterations in the tiled order
// (checked against that order enumerated in C), a single thread runs them in that order,
// lastprivate and reductions through it, a descending strided loop, an empty loop, and on the
// device (teams distribute parallel for, and simd).
#include <stdio.h>
#include <omp.h>

enum { N = 11, M = 7 };

// the logical iteration number of (i, j) when tile sizes(SI, SJ) is collapsed over all four loops
static int logical(int i, int j, int si, int sj, int n, int m) {
  int l = 0;
  for (int ti = 0; ti < n; ti += si)
    for (int tj = 0; tj < m; tj += sj)
      for (int ei = ti; ei < ti + si && ei < n; ei++)
        for (int ej = tj; ej < tj + sj && ej < m; ej++, l++)
          if (ei == i && ej == j) return l;
  return -1;
}

int main(void) {
  static int seen[N][M], owner[N][M];
  long sum = 0;
  #pragma omp parallel for collapse(4) reduction(+: sum) num_threads(4) schedule(static, 5)
  #pragma omp tile sizes(4, 3)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      seen[i][j]++;
      owner[i][j] = omp_get_thread_num();
      sum += i * 100 + j;
    }
  int twice = 0, misplaced = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) {
      twice += seen[i][j] != 1;
      misplaced += owner[i][j] != (logical(i, j, 4, 3, N, M) / 5) % 4;
    }
  printf("collapse(4): sum=%ld not once=%d wrong thread=%d\n", sum, twice, misplaced);

  // collapse(3): both floor loops and the first element loop; the second element loop runs inside
  printf("collapse(3) order:");
  #pragma omp for collapse(3)
  #pragma omp tile sizes(2, 3)
  for (int i = 0; i < 5; i++)
    for (int j = 8; j > 0; j -= 2) printf(" %d%d", i, j);
  printf("\n");

  int last = -1;
  #pragma omp parallel for collapse(3) lastprivate(last) num_threads(3) schedule(dynamic, 2)
  #pragma omp tile sizes(5, 2)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) last = i * 1000 + j;
  printf("lastprivate: last=%d\n", last);

  int empty = 0;
  #pragma omp parallel for collapse(4) reduction(+: empty)
  #pragma omp tile sizes(2, 2)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M - 7; j++) empty++;
  printf("empty: %d\n", empty);

  static int a[N][M];
  long dsum = 0;
  #pragma omp target teams distribute parallel for collapse(4) map(tofrom: a, dsum) reduction(+: dsum) num_teams(3)
  #pragma omp tile sizes(3, 4)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) { a[i][j] += i * M + j + 1; dsum += a[i][j]; }
  long ssum = 0;
  #pragma omp target simd collapse(3) map(tofrom: a) reduction(+: ssum)
  #pragma omp tile sizes(4, 4)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) { a[i][j] *= 2; ssum += a[i][j]; }
  int bad = 0;
  for (int i = 0; i < N; i++)
    for (int j = 0; j < M; j++) bad += a[i][j] != 2 * (i * M + j + 1);
  printf("target: dsum=%ld ssum=%ld wrong=%d\n", dsum, ssum, bad);
  return 0;
}

// KERNELS: 2
// ORACLE: clang-offload
// A loop construct over the loops tile generates (OpenMP 5.1): for, parallel for with
// collapse(2) of both floor loops and distribute parallel for over tile's floor loops, each
// tile's iterations run by one thread in order (checked per tile); partial tiles at the ends, a
// descending loop, lastprivate and reduction through the tiled nest. (gcc 12 has no tile.)
#include <stdio.h>
#include <omp.h>

enum { N = 37, M = 23 };

int main(void) {
  static int a[N][M], owner[N][M], seqno[N][M];
  long sum = 0;
  #pragma omp parallel for num_threads(4) reduction(+: sum)
  #pragma omp tile sizes(5)
  for (int i = 0; i < N; i++) {
    for (int j = 0; j < M; j++) a[i][j] = i * 100 + j;
    sum += i;
  }
  printf("for over tile: sum=%ld a[36][22]=%d\n", sum, a[N - 1][M - 1]);

  // within a tile the iterations run in order on one thread: each tile's counter (only its
  // thread touches it) numbers them, and each tile has one owner
  static int count[10][4];
  #pragma omp parallel for collapse(2) num_threads(3) schedule(dynamic)
  #pragma omp tile sizes(4, 6)
  for (int i = 0; i < N; i++)
    for (int j = M - 1; j >= 0; j--) {
      int ti = i / 4, tj = (M - 1 - j) / 6;
      owner[i][j] = omp_get_thread_num();
      seqno[i][j] = count[ti][tj]++;
    }
  int disorder = 0, shared = 0, tiles = 0;
  for (int ti = 0; ti < 10; ti++)
    for (int tj = 0; tj < 4; tj++) {
      int n = 0;
      tiles += count[ti][tj] > 0;
      for (int i = ti * 4; i < N && i < ti * 4 + 4; i++)
        for (int j = M - 1 - tj * 6; j >= 0 && j > M - 1 - tj * 6 - 6; j--) {
          disorder += seqno[i][j] != n++;
          shared += owner[i][j] != owner[ti * 4][M - 1 - tj * 6];
        }
    }
  printf("collapse(2) over tile: tiles=%d out of order=%d split=%d\n", tiles, disorder, shared);

  int last = -1;
  long dsum = 0;
  #pragma omp target teams distribute parallel for map(tofrom: dsum) reduction(+: dsum) num_teams(3)
  #pragma omp tile sizes(8)
  for (int k = 0; k < 1000; k += 3) dsum += k;
  #pragma omp target parallel for lastprivate(last) map(tofrom: last)
  #pragma omp tile sizes(16)
  for (int k = 1; k < 300; k += 2) last = k * 2;
  printf("target: dsum=%ld last=%d\n", dsum, last);

  return 0;
}

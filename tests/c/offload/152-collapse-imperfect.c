// KERNELS: 1
// ORACLE: clang-offload
// collapse over imperfectly nested loops (OpenMP 5.1): code between the loops (a declaration the
// inner loop uses, once an internal error "register used but never assigned" in jomp) runs in each
// logical iteration, as the specification allows for intervening code; also non-rectangular, and
// on the device. (gcc 12 supports neither.)
#include <stdio.h>
#define N 30
int main(void) {
  static int a[N][N];
  long s = 0, d = 0, t = 0;
  #pragma omp parallel for collapse(2) reduction(+: s) num_threads(4)
  for (int i = 0; i < N; i++) {
    int row = i * 100;
    for (int j = 0; j < N; j++) {
      a[i][j] = row + j;
      s += a[i][j];
    }
  }
  #pragma omp parallel for collapse(2) reduction(+: t) num_threads(4)
  for (int i = 0; i < N; i++) {
    long w = 2 * i + 1;
    for (int j = i; j < N; j++) t += w * (a[i][j] % 7);
  }
  #pragma omp target teams distribute parallel for collapse(2) reduction(+: d) map(to: a)
  for (int i = 0; i < N; i++) {
    int base = a[i][0];
    for (int j = 1; j < N; j++) d += a[i][j] - base;
  }
  printf("s %ld t %ld d %ld a[29][29] %d\n", s, t, d, a[29][29]);
  return 0;
}

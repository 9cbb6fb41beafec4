// KERNELS: 8
/* Target tasks created from a host parallel region (single + nowait), and from every thread. */
#include <stdio.h>
#define N 256
int main(void) {
  static int r[4][N];
  int tot[4] = {0, 0, 0, 0};
#pragma omp parallel num_threads(4)
  {
#pragma omp single
    {
      for (int k = 0; k < 4; k++) {
#pragma omp target nowait map(from : r[k:1][0:N]) firstprivate(k)
        for (int i = 0; i < N; i++) r[k][i] = k * i;
      }
#pragma omp taskwait
    }
#pragma omp for
    for (int k = 0; k < 4; k++) {
      int t = 0;
#pragma omp target map(to : r[k:1][0:N]) map(tofrom : t)
      for (int i = 0; i < N; i++) t += r[k][i];
      tot[k] = t;
    }
  }
  printf("%d %d %d %d\n", tot[0], tot[1], tot[2], tot[3]);
  return 0;
}

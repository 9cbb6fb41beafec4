// KERNELS: 30
/* 1-D heat equation: the data stays on the device, target update from every 10 steps for output. */
#include <stdio.h>
#define N 101
int main(void) {
  double t[N], nt[N];
  for (int i = 0; i < N; i++) t[i] = nt[i] = (i == N / 2) ? 1000.0 : 0.0;
#pragma omp target data map(tofrom : t) map(to : nt)
  for (int step = 1; step <= 30; step++) {
#pragma omp target teams distribute parallel for
    for (int i = 1; i < N - 1; i++) nt[i] = t[i] + 0.25 * (t[i - 1] - 2 * t[i] + t[i + 1]);
#pragma omp target update from(nt[1:N-2])
    for (int i = 1; i < N - 1; i++) t[i] = nt[i];
#pragma omp target update to(t)
    if (step % 10 == 0) printf("step %d: t[50]=%.6f t[45]=%.6f t[40]=%.6f\n", step, t[50], t[45], t[40]);
  }
  return 0;
}

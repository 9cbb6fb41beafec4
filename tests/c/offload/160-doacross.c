// KERNELS: 1
// Doacross loops: ordered(n) with ordered depend(sink: ...) and depend(source): an iteration
// waits for the iterations its sink vectors name (when they exist) and releases the ones waiting
// for it, so a recurrence computed by many threads gives the sequential result; one and two
// levels, and on the device.
#include <stdio.h>
#define N 200
#define M 40
int main(void) {
  static double a[N], b[N][M];
  a[0] = 1;
  #pragma omp parallel for ordered(1) num_threads(4) schedule(static, 1)
  for (int i = 1; i < N; i++) {
    #pragma omp ordered depend(sink: i - 1)
    a[i] = a[i - 1] * 1.01 + 1;
    #pragma omp ordered depend(source)
  }
  for (int j = 0; j < M; j++) b[0][j] = j;
  for (int i = 0; i < N; i++) b[i][0] = i;
  #pragma omp parallel for collapse(2) ordered(2) num_threads(4)
  for (int i = 1; i < N; i++)
    for (int j = 1; j < M; j++) {
      #pragma omp ordered depend(sink: i - 1, j) depend(sink: i, j - 1)
      b[i][j] = (b[i - 1][j] + b[i][j - 1]) * 0.5 + 1;
      #pragma omp ordered depend(source)
    }
  printf("%.6f %.6f\n", a[N - 1], b[N - 1][M - 1]);
  long c[N];
  c[0] = 3;
  #pragma omp target map(tofrom: c)
  #pragma omp parallel for ordered(1) num_threads(3)
  for (int i = 1; i < N; i++) {
    #pragma omp ordered depend(sink: i - 1)
    c[i] = (c[i - 1] * 7 + i) % 1000003;
    #pragma omp ordered depend(source)
  }
  printf("device: %ld\n", c[N - 1]);
  return 0;
}

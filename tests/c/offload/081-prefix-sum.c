// KERNELS: 2
/* Blocked inclusive prefix sum: block sums on the device, a scan of the sums on the host, then the
 * per-block scans on the device. */
#include <stdio.h>
#define N 4096
#define B 64
int main(void) {
  static int a[N], out[N];
  int sums[N / B];
  for (int i = 0; i < N; i++) a[i] = (i * 17) % 10;
#pragma omp target data map(to : a) map(from : out)
  {
#pragma omp target teams distribute parallel for map(from : sums)
    for (int b = 0; b < N / B; b++) {
      int s = 0;
      for (int i = b * B; i < (b + 1) * B; i++) s += a[i];
      sums[b] = s;
    }
    for (int b = 1; b < N / B; b++) sums[b] += sums[b - 1];
#pragma omp target teams distribute parallel for map(to : sums)
    for (int b = 0; b < N / B; b++) {
      int run = b ? sums[b - 1] : 0;
      for (int i = b * B; i < (b + 1) * B; i++) { run += a[i]; out[i] = run; }
    }
  }
  int ok = 1, run = 0;
  for (int i = 0; i < N; i++) { run += a[i]; ok &= out[i] == run; }
  printf("out[0]=%d out[63]=%d out[64]=%d out[4095]=%d ok=%d\n", out[0], out[63], out[64], out[4095], ok);
  return 0;
}

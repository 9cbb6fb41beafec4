// KERNELS: 2
/* simd with collapse(2) and reductions on the device, and simd with a linear clause. */
#include <stdio.h>
#define R 32
#define C 48
int main(void) {
  static float m[R][C];
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) m[i][j] = (i + j) % 8;
  long s = 0;
  float mx = 0;
#pragma omp target teams distribute parallel for simd collapse(2) reduction(+ : s) reduction(max : mx) map(to : m)
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) {
      s += (long)m[i][j];
      mx = m[i][j] > mx ? m[i][j] : mx;
    }
  int idx[64], k = 0;
#pragma omp target map(from : idx) map(tofrom : k)
  {
#pragma omp simd linear(k : 3)
    for (int i = 0; i < 64; i++) { idx[i] = k; k += 3; }
  }
  printf("s=%ld max=%g idx[63]=%d k=%d\n", s, mx, idx[63], k);
  return 0;
}

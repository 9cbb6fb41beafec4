// KERNELS: 1
// linear: in each iteration the variable is its value before the loop plus the logical iteration
// number times the step (an int, a pointer in elements); after the loop it holds the value of the
// last iteration's end. Also the loop variable itself, and a linear variable on the device.
#include <stdio.h>
#define N 100
int main(void) {
  int a[2 * N + 8] = {0}, b[N], j = 4, k = 10, i;
  int *p = b;
  #pragma omp parallel for linear(j: 2) num_threads(4)
  for (i = 0; i < N; i++) { a[j] = i; j += 2; }
  printf("j after the loop: %d; a[4] %d a[6] %d a[202] %d\n", j, a[4], a[6], a[2 * N + 2]);
  #pragma omp simd linear(p: 1)
  for (i = 0; i < N; i++) { *p = i * 3; p++; }
  printf("p advanced %ld elements; b[1] %d b[99] %d\n", (long) (p - b), b[1], b[99]);
  #pragma omp parallel for simd linear(k: 3) num_threads(3)
  for (i = 0; i < N; i += 2) { b[i] = k; k += 3; }
  printf("k %d b[0] %d b[2] %d b[98] %d\n", k, b[0], b[2], b[98]);
  int l;
  #pragma omp simd linear(l)
  for (l = 0; l < 17; l++) b[l] = -l;
  printf("loop variable after simd: %d\n", l);
  int m = 1, out[N];
  #pragma omp target parallel for simd linear(m: 5) map(from: out)
  for (i = 0; i < N; i++) { out[i] = m; m += 5; }
  printf("device: out[0] %d out[N-1] %d\n", out[0], out[N - 1]);
  return 0;
}

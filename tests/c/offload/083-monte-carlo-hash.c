// KERNELS: 1
/* Monte Carlo estimate of pi with a counter-based generator per sample: the count is exact. */
#include <stdio.h>
#include <stdint.h>
#pragma omp declare target
static uint32_t hash(uint32_t x) {
  x ^= x >> 16; x *= 0x7feb352dU; x ^= x >> 15; x *= 0x846ca68bU; x ^= x >> 16;
  return x;
}
#pragma omp end declare target
int main(void) {
  const int n = 1000000;
  long inside = 0;
#pragma omp target teams distribute parallel for reduction(+ : inside)
  for (int i = 0; i < n; i++) {
    double x = hash(2u * i) / 4294967296.0, y = hash(2u * i + 1) / 4294967296.0;
    inside += x * x + y * y < 1.0;
  }
  printf("inside=%ld pi~%.4f\n", inside, 4.0 * inside / n);
  return 0;
}

// KERNELS: 1
// ORACLE: clang-offload
// unroll (OpenMP 5.1): full, partial(n) and without a clause the loop runs the same iterations
// in the same order; a worksharing loop can take the loop unroll partial generates, on the host
// and on the device. (gcc 12 has no unroll.)
#include <stdio.h>
int main(void) {
  int a[100], order[10], n = 0;
  long s = 0, d = 0;
  #pragma omp unroll partial(3)
  for (int i = 0; i < 100; i++) a[i] = i * i % 17;
  #pragma omp unroll full
  for (int i = 0; i < 10; i++) order[n++] = 9 - i;
  #pragma omp unroll
  for (int i = 0; i < 10; i += 3) s += order[i];
  #pragma omp parallel for reduction(+: s) num_threads(4)
  #pragma omp unroll partial(4)
  for (int i = 0; i < 100; i++) s += a[i];
  #pragma omp target teams distribute parallel for reduction(+: d) map(to: a)
  #pragma omp unroll partial(2)
  for (int i = 1; i < 100; i += 2) d += a[i] * i;
  printf("order %d %d; s %ld; d %ld\n", order[0], order[9], s, d);
  return 0;
}

// KERNELS: 3
/* firstprivate: copies start with the original's value, changes stay private (scalars, arrays, structs). */
#include <stdio.h>
struct cfg { int scale; double shift; };
int main(void) {
  int k = 7, arr[3] = {1, 2, 3}, out[8];
  struct cfg c = {3, 0.5};
#pragma omp target firstprivate(k, arr, c) map(from : out)
  {
    for (int i = 0; i < 8; i++) out[i] = k * arr[i % 3] + c.scale;
    k = -1; arr[0] = -1; c.scale = -1;
  }
  printf("k=%d arr[0]=%d c.scale=%d out=%d %d %d\n", k, arr[0], c.scale, out[0], out[1], out[7]);
  double acc[8];
#pragma omp target teams distribute parallel for firstprivate(c) map(from : acc)
  for (int i = 0; i < 8; i++) { c.shift += i; acc[i] = c.shift; }
  printf("acc[0]=%g (shift %g)\n", acc[0], c.shift);
  int base = 100;
#pragma omp target parallel firstprivate(base) map(tofrom : out) num_threads(2)
  {
#pragma omp single
    for (int i = 0; i < 8; i++) out[i] = base + i;
  }
  printf("out[7]=%d base=%d\n", out[7], base);
  return 0;
}

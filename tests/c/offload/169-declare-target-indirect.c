// KERNELS: 4
// ORACLE: clang-offload
// declare target indirect (OpenMP 5.1): host function pointers called in target regions reach
// the device's functions (on nvptx64 through the image's indirect function table, as
// libomptarget's), passed firstprivate and in a mapped array of pointers, from teams of threads.
// (gcc 12 has neither begin declare target nor indirect.)
#include <stdio.h>
#pragma omp begin declare target indirect
int twice(int x) { return 2 * x; }
int square(int x) { return x * x; }
int negate(int x) { return -x; }
#pragma omp end declare target
typedef int (*op_t)(int);
int main(void) {
  op_t ops[3] = {twice, square, negate};
  int out[3][4];
  for (int k = 0; k < 3; k++) {
    op_t f = ops[k];
    #pragma omp target map(from: out[k:1][0:4]) firstprivate(f)
    for (int i = 0; i < 4; i++) out[k][i] = f(i + 1);
  }
  int r[4];
  #pragma omp target teams distribute parallel for map(to: ops) map(from: r)
  for (int i = 0; i < 4; i++) r[i] = ops[i % 3](10 + i);
  for (int k = 0; k < 3; k++) printf("%d %d %d %d\n", out[k][0], out[k][1], out[k][2], out[k][3]);
  printf("%d %d %d %d\n", r[0], r[1], r[2], r[3]);
  return 0;
}

// KERNELS: 4
// ORACLE: clang-offload
// LINK: support/174-indirect-lib.c
/* declare target indirect across translation units (OpenMP 5.1): host function pointers to
 * indirect functions of another unit called in this unit's region, and this unit's functions
 * called in the other unit's region (on nvptx64 through one table of the whole program, built when
 * the image is loaded, as libomptarget's). (gcc 12 has neither begin declare target nor indirect.) */
#include <stdio.h>
#pragma omp begin declare target indirect
int twice(int x) { return 2 * x; }
#pragma omp end declare target
typedef int (*op_t)(int);
op_t lib_op(int k);
int lib_apply(op_t f, int x);
int main(void) {
  op_t ops[3] = {twice, lib_op(0), lib_op(1)};
  int r[6];
  #pragma omp target teams distribute parallel for map(to: ops) map(from: r)
  for (int i = 0; i < 6; i++) r[i] = ops[i % 3](10 + i);
  printf("%d %d %d %d %d %d\n", r[0], r[1], r[2], r[3], r[4], r[5]);
  printf("%d %d %d\n", lib_apply(twice, 7), lib_apply(lib_op(0), 7), lib_apply(lib_op(1), 7));
  return 0;
}

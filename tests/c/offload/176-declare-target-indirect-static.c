// KERNELS: 1
// ORACLE: expected
// LINK: support/176-indirect-static.c
// WHY: clang 19 crashes compiling a static declare target indirect function (a segmentation fault in createOffloadEntriesAndInfoMetadata) and gcc 12 has neither begin declare target nor indirect.
/* static declare target indirect functions of the same name in two translation units: each host
 * pointer reaches its own unit's device function (on nvptx64 the program's indirect function
 * table keeps the two apart). */
#include <stdio.h>
#pragma omp begin declare target indirect
static int scale(int x) { return 10 * x; }
#pragma omp end declare target
typedef int (*op_t)(int);
op_t other_scale(void);
int main(void) {
  op_t ops[2] = {scale, other_scale()};
  int r[4];
  #pragma omp target teams distribute parallel for map(to: ops) map(from: r)
  for (int i = 0; i < 4; i++) r[i] = ops[i % 2](i + 1);
  printf("%d %d %d %d\n", r[0], r[1], r[2], r[3]);
  return 0;
}

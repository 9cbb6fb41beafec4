// ORACLE: clang-offload
// KERNELS: 1
/* A section of rows of a 2-D array, m[2:3][0:6]: only rows 2..4 come back. */
#include <stdio.h>
int main(void) {
  int m[6][6];
  for (int i = 0; i < 6; i++)
    for (int j = 0; j < 6; j++) m[i][j] = i + j;
#pragma omp target enter data map(to : m)
#pragma omp target
  for (int i = 0; i < 6; i++)
    for (int j = 0; j < 6; j++) m[i][j] *= 10;
#pragma omp target exit data map(from : m[2:3][0:6])
  for (int i = 0; i < 6; i++) {
    for (int j = 0; j < 6; j++) printf("%3d", m[i][j]);
    printf("\n");
  }
  return 0;
}

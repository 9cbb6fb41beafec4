// KERNELS: 2
/* collapse(3) on a 3-D array, in target teams distribute parallel for and in target parallel for. */
#include <stdio.h>
#define X 6
#define Y 7
#define Z 5
int main(void) {
  int v[X][Y][Z];
#pragma omp target teams distribute parallel for collapse(3) map(from : v)
  for (int i = 0; i < X; i++)
    for (int j = 0; j < Y; j++)
      for (int k = 0; k < Z; k++) v[i][j][k] = i * 100 + j * 10 + k;
  long s = 0;
#pragma omp target parallel for collapse(3) reduction(+ : s) map(to : v)
  for (int i = 0; i < X; i++)
    for (int j = 0; j < Y; j++)
      for (int k = 0; k < Z; k++) s += v[i][j][k] * (k + 1);
  printf("v[5][6][4]=%d v[2][3][1]=%d s=%ld\n", v[5][6][4], v[2][3][1], s);
  return 0;
}

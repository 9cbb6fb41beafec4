// KERNELS: 2
/* Two-dimensional arrays mapped whole; collapse(2) over both dimensions. */
#include <stdio.h>
#define R 12
#define C 9
int main(void) {
  int m[R][C], t[C][R];
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) m[i][j] = i * 100 + j;
#pragma omp target teams distribute parallel for collapse(2) map(to : m) map(from : t)
  for (int i = 0; i < R; i++)
    for (int j = 0; j < C; j++) t[j][i] = m[i][j];
#pragma omp target parallel for collapse(2) map(tofrom : t)
  for (int j = 0; j < C; j++)
    for (int i = 0; i < R; i++) t[j][i] += j - i;
  long s = 0;
  for (int j = 0; j < C; j++)
    for (int i = 0; i < R; i++) s += t[j][i] * (i + 1);
  printf("t[0][0]=%d t[8][11]=%d t[3][7]=%d sum=%ld\n", t[0][0], t[8][11], t[3][7], s);
  return 0;
}

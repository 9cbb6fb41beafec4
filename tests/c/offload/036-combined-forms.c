// KERNELS: 10
/* Every combined target construct, one loop each, all writing disjoint rows of one result. */
#include <stdio.h>
#include <omp.h>
#define N 64
int main(void) {
  int r[10][N];
#pragma omp target teams map(from : r[0:1][0:N])
  if (omp_get_team_num() == 0)
    for (int i = 0; i < N; i++) r[0][i] = i;
#pragma omp target teams distribute map(from : r[1:1][0:N])
  for (int i = 0; i < N; i++) r[1][i] = i * 2;
#pragma omp target teams distribute simd map(from : r[2:1][0:N])
  for (int i = 0; i < N; i++) r[2][i] = i * 3;
#pragma omp target teams distribute parallel for map(from : r[3:1][0:N])
  for (int i = 0; i < N; i++) r[3][i] = i * 4;
#pragma omp target teams distribute parallel for simd map(from : r[4:1][0:N])
  for (int i = 0; i < N; i++) r[4][i] = i * 5;
#pragma omp target parallel map(from : r[5:1][0:N])
#pragma omp single
  for (int i = 0; i < N; i++) r[5][i] = i * 6;
#pragma omp target parallel for map(from : r[6:1][0:N])
  for (int i = 0; i < N; i++) r[6][i] = i * 7;
#pragma omp target parallel for simd map(from : r[7:1][0:N])
  for (int i = 0; i < N; i++) r[7][i] = i * 8;
#pragma omp target simd map(from : r[8:1][0:N])
  for (int i = 0; i < N; i++) r[8][i] = i * 9;
#pragma omp target teams loop map(from : r[9:1][0:N])
  for (int i = 0; i < N; i++) r[9][i] = i * 10;
  for (int k = 0; k < 10; k++) {
    long s = 0;
    for (int i = 0; i < N; i++) s += r[k][i];
    printf("form %d: sum %ld last %d\n", k, s, r[k][N - 1]);
  }
  return 0;
}

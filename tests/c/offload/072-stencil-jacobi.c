// KERNELS: 40
/* 2-D Jacobi stencil: a data region keeps both grids on the device for 20 sweeps (2 kernels each). */
#include <stdio.h>
#include <math.h>
#define N 48
static double u[N][N], v[N][N];
int main(void) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) u[i][j] = v[i][j] = (i == 0) ? 100.0 : 0.0;
  double diff = 0;
#pragma omp target data map(tofrom : u) map(to : v)
  for (int it = 0; it < 20; it++) {
#pragma omp target teams distribute parallel for collapse(2)
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++) v[i][j] = 0.25 * (u[i - 1][j] + u[i + 1][j] + u[i][j - 1] + u[i][j + 1]);
    diff = 0;
#pragma omp target teams distribute parallel for collapse(2) reduction(max : diff) map(tofrom : diff)
    for (int i = 1; i < N - 1; i++)
      for (int j = 1; j < N - 1; j++) {
        diff = fmax(diff, fabs(v[i][j] - u[i][j]));
        u[i][j] = v[i][j];
      }
  }
  printf("u[1][24]=%.6g u[10][10]=%.6g last diff=%.6g\n", u[1][24], u[10][10], diff);
  return 0;
}

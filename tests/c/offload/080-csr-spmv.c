// KERNELS: 6
/* Sparse matrix-vector product (CSR) on the device, three rounds with the matrix mapped once. */
#include <stdio.h>
#include <stdlib.h>
#define N 200
int main(void) {
  int *rowp = malloc((N + 1) * sizeof(int)), *col = malloc(3 * N * sizeof(int));
  double *val = malloc(3 * N * sizeof(double)), x[N], y[N];
  int nnz = 0;
  for (int i = 0; i < N; i++) {
    rowp[i] = nnz;
    if (i > 0) { col[nnz] = i - 1; val[nnz++] = -1; }
    col[nnz] = i; val[nnz++] = 2;
    if (i < N - 1) { col[nnz] = i + 1; val[nnz++] = -1; }
  }
  rowp[N] = nnz;
  for (int i = 0; i < N; i++) x[i] = i % 10;
#pragma omp target data map(to : rowp[0:N+1], col[0:nnz], val[0:nnz]) map(tofrom : x) map(alloc : y)
  for (int rep = 0; rep < 3; rep++) {
#pragma omp target teams distribute parallel for
    for (int i = 0; i < N; i++) {
      double s = 0;
      for (int k = rowp[i]; k < rowp[i + 1]; k++) s += val[k] * x[col[k]];
      y[i] = s;
    }
#pragma omp target teams distribute parallel for
    for (int i = 0; i < N; i++) x[i] = y[i] + (i % 3);
  }
  double t = 0;
  for (int i = 0; i < N; i++) t += x[i] * (i + 1);
  printf("nnz=%d x[0]=%g x[100]=%g x[199]=%g weighted=%.6g\n", nnz, x[0], x[100], x[199], t);
  free(rowp); free(col); free(val);
  return 0;
}

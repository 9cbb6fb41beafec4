// KERNELS: 1
/* Corpus copy of docs/examples/zaxpy.src. ZAXPY (Y = D*X + Y over complex doubles), the example of clang's offloading design document,
 * in C. The target region runs on the offload device; the result is checked on the host. */
#include <complex.h>
#include <stdio.h>
#include <stdlib.h>

void zaxpy(double _Complex *X, double _Complex *Y, double _Complex D, size_t N) {
#pragma omp target teams distribute parallel for
  for (size_t i = 0; i < N; ++i)
    Y[i] = D * X[i] + Y[i];
}

int main(void) {
  const size_t N = 1024;
  double _Complex *X = malloc(N * sizeof *X);
  double _Complex *Y = malloc(N * sizeof *Y);
  double _Complex D = 2.0 + 1.0 * I;
  for (size_t i = 0; i < N; ++i) {
    X[i] = (double)i + 0.5 * I;
    Y[i] = 1.0 - (double)i * I;
  }
#pragma omp target data map(to : X[0 : N]) map(tofrom : Y[0 : N])
  zaxpy(X, Y, D, N);

  double re = 0, im = 0;
  for (size_t i = 0; i < N; ++i) {
    re += creal(Y[i]);
    im += cimag(Y[i]);
  }
  printf("zaxpy: N=%zu sum=(%.1f, %.1f) Y[7]=(%.2f, %.2f)\n", N, re, im, creal(Y[7]), cimag(Y[7]));
  free(X);
  free(Y);
  return 0;
}

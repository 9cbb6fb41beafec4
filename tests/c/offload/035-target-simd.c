// KERNELS: 3
/* simd inside target: target simd, target parallel for simd, and simd with a reduction and safelen. */
#include <stdio.h>
#define N 256
int main(void) {
  float x[N], y[N];
  for (int i = 0; i < N; i++) { x[i] = i * 0.5f; y[i] = 1.0f; }
#pragma omp target simd map(to : x) map(tofrom : y)
  for (int i = 0; i < N; i++) y[i] += 2.0f * x[i];
#pragma omp target parallel for simd map(tofrom : y)
  for (int i = 0; i < N; i++) y[i] = y[i] * 0.5f;
  double s = 0;
#pragma omp target map(to : y) map(tofrom : s)
  {
#pragma omp simd reduction(+ : s) safelen(8)
    for (int i = 0; i < N; i++) s += y[i];
  }
  printf("y[0]=%g y[255]=%g s=%.6g\n", y[0], y[255], s);
  return 0;
}

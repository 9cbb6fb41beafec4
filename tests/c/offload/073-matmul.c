// KERNELS: 2
/* Matrix multiply on the device with collapse(2), checked against a host multiply (integers). */
#include <stdio.h>
#include <stdlib.h>
#define N 64
int main(void) {
  int *a = malloc(N * N * sizeof(int)), *b = malloc(N * N * sizeof(int));
  long *c = malloc(N * N * sizeof(long));
  for (int i = 0; i < N * N; i++) { a[i] = i % 11 - 5; b[i] = i % 7 - 3; }
#pragma omp target teams distribute parallel for collapse(2) map(to : a[0:N*N], b[0:N*N]) map(from : c[0:N*N])
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      long s = 0;
      for (int k = 0; k < N; k++) s += (long)a[i * N + k] * b[k * N + j];
      c[i * N + j] = s;
    }
  long trace = 0, mism = 0;
#pragma omp target teams distribute parallel for map(to : c[0:N*N]) reduction(+ : trace)
  for (int i = 0; i < N; i++) trace += c[i * N + i];
  for (int i = 0; i < N; i += 9)
    for (int j = 0; j < N; j += 5) {
      long s = 0;
      for (int k = 0; k < N; k++) s += (long)a[i * N + k] * b[k * N + j];
      mism += s != c[i * N + j];
    }
  printf("c[0]=%ld c[N*N-1]=%ld trace=%ld mismatches=%ld\n", c[0], c[N * N - 1], trace, mism);
  free(a); free(b); free(c);
  return 0;
}

// ORACLE: expected
// KERNELS: 2
// WHY: gcc 12 has no map iterator ("'iterator' undeclared"); clang 19 (-fopenmp-version=52) crashes on the array's region (SIGSEGV) and cannot link the mapper ("undefined reference to `it'"); the expected output is that of this file built by gcc without -fopenmp (the regions' sequential meaning).
// A map iterator over the elements of one object (map(iterator(it = 0:n), tofrom: a[it]), OpenMP
// 5.1) maps them as one block when they continue each other, so a region that uses the array (or
// the pointer) as a whole sees all of it on the device: one allocation, one pointer attachment,
// not n one-element allocations with the array's first element standing for the array. Also the
// elements of a pointer member in a declare mapper (the pointer attached once).
#include <stdio.h>
#include <stdlib.h>

typedef struct {
  int len;
  double *data;
} vec_t;

#pragma omp declare mapper(vec_t v) map(to: v) map(iterator(it = 0:v.len), tofrom: v.data[it])

int main(void) {
  enum { N = 300 };
  int a[N];
  for (int i = 0; i < N; i++) a[i] = 1;
#pragma omp target map(iterator(it = 0:N), tofrom: a[it])
  for (int i = 0; i < N; i++) a[i] += i;
  long s = 0;
  for (int i = 0; i < N; i++) s += a[i];
  printf("array: %ld\n", s);

  vec_t v = {N, calloc(N, sizeof(double))};
#pragma omp target
  for (int i = 0; i < v.len; i++) v.data[i] = 2.0 * i;
  double t = 0;
  for (int i = 0; i < N; i++) t += v.data[i];
  printf("mapper: %g\n", t);

  free(v.data);
  return 0;
}

// ORACLE: expected
// KERNELS: 2
// WHY: gcc 12 has no declare mapper in C; clang 19 leaves the device copies of the structs pointing to host memory when they are already present (its kernel writes the host's x) and does not apply a default mapper to an implicitly mapped struct.
/* A default mapper applied to arrays of structs in target enter/exit data, target update and a
   kernel on present data, and to a struct mapped implicitly (OpenMP 5.2 §5.8.8, §5.8.3: an
   implicitly mapped struct uses its type's default mapper). */
#include <stdio.h>
#include <stdlib.h>
typedef struct { int n; double *x; } Vec;
#pragma omp declare mapper(Vec v) map(v, v.x[0:v.n])
static Vec make(int n, double base) {
  Vec v = {n, malloc(n * sizeof(double))};
  for (int i = 0; i < n; i++) v.x[i] = base + i;
  return v;
}
int main(void) {
  Vec arr[3] = {make(2, 10), make(2, 20), make(2, 30)};
#pragma omp target enter data map(to: arr[0:3])
  for (int k = 0; k < 3; k++) arr[k].x[1] = -1;   /* the host's copies only */
#pragma omp target map(tofrom: arr[0:3])
  for (int k = 0; k < 3; k++) arr[k].x[0] += arr[k].x[1];
  printf("after the kernel (present data stays): %g %g\n", arr[1].x[0], arr[1].x[1]);
#pragma omp target update from(arr[1:1])
  printf("after update from(arr[1:1]): %g %g | arr[0].x[0] %g\n", arr[1].x[0], arr[1].x[1], arr[0].x[0]);
#pragma omp target update to(arr[2:1])
#pragma omp target exit data map(from: arr[0:3])
  printf("after exit data: %g %g %g %g\n", arr[0].x[0], arr[1].x[0], arr[2].x[0], arr[2].x[1]);

  Vec v = make(4, 1);
#pragma omp target
  v.x[3] += 100;   /* v is mapped tofrom implicitly, with its default mapper */
  printf("implicit: %g\n", v.x[3]);
  for (int k = 0; k < 3; k++) free(arr[k].x);
  free(v.x);
  return 0;
}

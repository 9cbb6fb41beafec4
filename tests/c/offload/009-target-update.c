// KERNELS: 3
/* target update to/from keeps host and device copies in step inside a data region. */
#include <stdio.h>
#define N 8
int main(void) {
  int a[N];
  for (int i = 0; i < N; i++) a[i] = i;
#pragma omp target data map(tofrom : a)
  {
#pragma omp target
    for (int i = 0; i < N; i++) a[i] *= 2;
#pragma omp target update from(a)
    printf("after update from: %d %d\n", a[1], a[7]);
    for (int i = 0; i < N; i++) a[i] += 1;
#pragma omp target update to(a)
#pragma omp target
    for (int i = 0; i < N; i++) a[i] *= 3;
#pragma omp target update from(a[2:3])
    printf("partial update: %d %d %d\n", a[2], a[3], a[4]);
#pragma omp target
    a[0] = 77;
  }
  printf("end: %d %d %d\n", a[0], a[1], a[7]);
  return 0;
}

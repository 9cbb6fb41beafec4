// KERNELS: 2
/* Heap arrays through pointers, mapped as sections p[0:n]; the pointer is translated on the device. */
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int n = 100;
  int *p = malloc(n * sizeof *p);
  long *q = calloc(n, sizeof *q);
  for (int i = 0; i < n; i++) p[i] = i;
#pragma omp target map(tofrom : p[0:n])
  for (int i = 0; i < n; i++) p[i] = p[i] * 3 + 1;
#pragma omp target map(to : p[0:n]) map(from : q[0:n])
  for (int i = 0; i < n; i++) q[i] = (long)p[i] * p[i];
  long s = 0;
  for (int i = 0; i < n; i++) s += q[i];
  printf("p[0]=%d p[99]=%d q[99]=%ld sum=%ld\n", p[0], p[99], q[99], s);
  free(p); free(q);
  return 0;
}

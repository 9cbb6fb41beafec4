// KERNELS: 7
// ORACLE: clang-offload
/* List items that are lvalue expressions (OpenMP 5.0 locators): *p, *(p + 1), a member through a
 * pointer (q->n), (*pp)[lo:len], and the same forms in target update and in enter/exit data.
 * Each maps exactly the storage it designates: map(to:) data does not come back, and what the
 * host changes meanwhile is seen on the device only after an update. */
#include <stdio.h>
#include <stdlib.h>
struct rec { int n; int *d; };
int main(void) {
  int x = 5, *p = &x;
#pragma omp target map(*p)
  *p += 1;
  printf("*p: %d\n", x);
  int a[6] = {0, 1, 2, 3, 4, 5}, *pa = a;
#pragma omp target map(tofrom: *(pa + 2)) map(to: *(pa + 3))
  { pa[2] = 20; pa[3] = 30; }
  printf("*(pa+k): %d %d %d\n", a[1], a[2], a[3]);
  int *data = malloc(4 * sizeof *data);
  for (int i = 0; i < 4; i++) data[i] = i + 1;
  struct rec r = {4, data}, *q = &r;
#pragma omp target map(q->n)
  q->n *= 10;
  printf("q->n: %d\n", r.n);
  int **pp = &data;
#pragma omp target map((*pp)[1:2])
  for (int i = 1; i < 3; i++) (*pp)[i] *= -1;
  printf("(*pp)[1:2]: %d %d %d %d\n", data[0], data[1], data[2], data[3]);
#pragma omp target enter data map(to: *(pa + 4), (*pp)[0:4])
  a[4] = 400;
  data[0] = 100;
#pragma omp target map(from: x)
  x = pa[4] + (*pp)[0];
  printf("device copies before update: %d\n", x);
#pragma omp target update to(*(pa + 4), (*pp)[0:1])
#pragma omp target map(from: x)
  x = pa[4] + (*pp)[0];
  printf("after update: %d\n", x);
#pragma omp target
  { pa[4] = -4; (*pp)[0] = -1; }
#pragma omp target exit data map(from: *(pa + 4)) map(release: (*pp)[0:4])
  printf("exit data: %d %d\n", a[4], data[0]);
  free(data);
  return 0;
}

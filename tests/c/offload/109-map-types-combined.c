// ORACLE: expected
// KERNELS: 4
// WHY: OpenMP 5.2 counts a mapping once per construct, so map(alloc: x) map(to: x) copies x in; clang 19 counts it twice and copies nothing, gcc 12 refuses a variable in two map clauses; clang 19 also crashes on two member sections of one array of structs in one clause and rejects the iterator modifier in motion clauses.
/* Several list items of one variable in one construct (OpenMP 5.2 §5.8.3: the reference count of
   a mapping changes at most once per construct, and every map type applies); sections of members
   of two elements of one array of structs; target update with the iterator modifier. */
#include <stdio.h>
typedef struct { int n; int *p; } S;
int main(void) {
  int x = 42, y = 0;
#pragma omp target map(alloc: x) map(to: x) map(from: y)
  y = x;
  printf("alloc+to: y=%d\n", y);
  int a[6] = {1, 2, 3, 4, 5, 6};
#pragma omp target map(to: a) map(from: a[2:2])
  for (int i = 0; i < 6; i++) a[i] *= 10;
  printf("to+from section: %d %d %d %d %d %d\n", a[0], a[1], a[2], a[3], a[4], a[5]);

  int b0[3] = {1, 2, 3}, b1[3] = {4, 5, 6};
  S s[2] = {{3, b0}, {3, b1}};
#pragma omp target map(tofrom: s[0].p[0:3], s[1].p[1:2])
  { s[0].p[2] += 100; s[1].p[1] += 100; s[1].p[2] += 100; }
  printf("array of structs: %d %d %d | %d %d %d\n", b0[0], b0[1], b0[2], b1[0], b1[1], b1[2]);

  int b[6] = {1, 2, 3, 4, 5, 6};
#pragma omp target data map(to: b)
  {
#pragma omp target
    for (int i = 0; i < 6; i++) b[i] *= 10;
#pragma omp target update from(iterator(k = 0:6:2): b[k])
    printf("iterator update: %d %d %d %d %d %d\n", b[0], b[1], b[2], b[3], b[4], b[5]);
  }
  return 0;
}

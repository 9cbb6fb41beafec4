// ORACLE: clang-offload
// KERNELS: 3
// CLANG-FLAGS: -fopenmp-version=52
/* declare mapper (OpenMP 5.2 §5.8.8): the default mapper of a struct maps its pointee with it
   wherever the struct is mapped; a named mapper is chosen with map(mapper(id), ...); a member
   with a mapper of its own uses it (nested). The pointee's 'to' parts never come back. */
#include <stdio.h>
#include <stdlib.h>
typedef struct { int n; double *x; } Vec;
#pragma omp declare mapper(Vec v) map(v, v.x[0:v.n])
#pragma omp declare mapper(head : Vec v) map(to: v.n) map(tofrom: v.x[0:1])
typedef struct { Vec a, b; int tag; } Pair;
#pragma omp declare mapper(Pair p) map(p.a, p.b) map(to: p.tag)
static Vec make(int n, double base) {
  Vec v = {n, malloc(n * sizeof(double))};
  for (int i = 0; i < n; i++) v.x[i] = base + i;
  return v;
}
int main(void) {
  Vec v = make(4, 1);
#pragma omp target map(tofrom: v)
  for (int i = 0; i < v.n; i++) v.x[i] *= 2;
  printf("default mapper: %g %g %g %g\n", v.x[0], v.x[1], v.x[2], v.x[3]);

  Vec w = make(3, 5);
#pragma omp target map(mapper(head), tofrom: w)
  { w.x[0] = w.n * 10.0; w.n = 0; }
  printf("named mapper: %g %g n=%d\n", w.x[0], w.x[1], w.n);

  Pair p = {make(2, 1), make(2, 3), 7};
#pragma omp target map(tofrom: p)
  { p.a.x[1] += p.b.x[1]; p.b.x[0] = -p.tag; p.tag = 8; }
  printf("nested mappers: %g %g tag=%d\n", p.a.x[1], p.b.x[0], p.tag);
  free(v.x);
  free(w.x);
  free(p.a.x);
  free(p.b.x);
  return 0;
}

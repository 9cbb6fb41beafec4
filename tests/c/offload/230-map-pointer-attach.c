// KERNELS: 6
// ORACLE: clang-offload
/* A pointer listed whole beside a section of its pointee, in one clause or two, in either order
 * (map(p, p[:n]), map(p[:n], p), map(to: p) map(from: p[:n])): the pointer is attached to the
 * pointee's device copy (libomptarget's PTR_AND_OBJ), so the kernel sees device storage through
 * it and the host pointer is unchanged afterwards. Inside a data region that attached it, a
 * region mapping only the pointer gets the attached (device) value; map(from:) copies just the
 * pointee back. */
#include <stdio.h>
#include <stdlib.h>
int main(void) {
  int n = 8;
  int *p = malloc(n * sizeof *p);
  int *keep = p;
  for (int i = 0; i < n; i++) p[i] = i;
#pragma omp target map(p, p[:8])
  for (int i = 0; i < 8; i++) p[i] += 10;
  printf("pointer first: %d %d %d same=%d\n", p[0], p[4], p[7], p == keep);
#pragma omp target map(p[0:n], p)
  for (int i = 0; i < n; i++) p[i] *= 2;
  printf("pointer second: %d %d %d same=%d\n", p[0], p[4], p[7], p == keep);
#pragma omp target map(to: p) map(from: p[0:4])
  for (int i = 0; i < 4; i++) p[i] = -i;
  printf("to/from: %d %d %d %d %d same=%d\n", p[0], p[1], p[3], p[4], p[7], p == keep);
  int *q = p + 4;
#pragma omp target data map(q, q[0:4])
  {
#pragma omp target map(q)
    for (int i = 0; i < 4; i++) q[i] += 100;
    printf("inside data region: %d %d (host copy untouched)\n", q[0], q[3]);
#pragma omp target
    q[1] = 7;
  }
  printf("after data region: %d %d %d same=%d\n", q[0], q[1], q[3], q == keep + 4);
  /* a struct pointer and a member section of its pointee, both listed */
  struct { int n; double *d; } s = {3, NULL}, *ps = &s;
  double vals[3] = {1.5, 2.5, 3.5};
  s.d = vals;
#pragma omp target map(ps, ps->n, ps->d[0:3])
  for (int i = 0; i < ps->n; i++) ps->d[i] *= ps->n;
  printf("struct: %g %g %g same=%d\n", vals[0], vals[1], vals[2], s.d == vals);
  free(p);
  return 0;
}

// ORACLE: clang-offload
// KERNELS: 5
/* Structs with pointer members (OpenMP 5.2 §5.8.3): s.p[:n] maps the pointee and attaches the
   device copy of s.p to it; s->p[:n] through a pointer to the struct; the struct itself plus
   sections of its members in one construct; arrays of structs. Data mapped 'to' never comes back. */
#include <stdio.h>
#include <stdlib.h>
typedef struct { int n; double *in; double *out; } Vec;
int main(void) {
  Vec v;
  v.n = 6;
  v.in = malloc(6 * sizeof(double));
  v.out = malloc(6 * sizeof(double));
  for (int i = 0; i < 6; i++) { v.in[i] = i; v.out[i] = 0; }
#pragma omp target map(to: v.n, v.in[:v.n]) map(from: v.out[0:v.n])
  for (int i = 0; i < v.n; i++) { v.out[i] = v.in[i] * 2; v.in[i] = -1; }
  printf("v: in[3]=%g out[3]=%g out[5]=%g\n", v.in[3], v.out[3], v.out[5]);

  Vec *pv = &v;
#pragma omp target map(to: pv->n) map(tofrom: pv->out[:6])
  for (int i = 0; i < pv->n; i++) pv->out[i] += 100;
  printf("pv: out[0]=%g out[5]=%g n=%d\n", v.out[0], v.out[5], v.n);

  /* the whole struct and a section of a member: the struct's pointer stays the host's */
  double *keep = v.in;
#pragma omp target map(tofrom: v) map(to: v.in[0:6])
  { v.n = 60; v.in[2] = 7; }
  printf("whole: n=%d in[2]=%g same pointer=%d\n", v.n, v.in[2], v.in == keep);

  Vec a[3];
  for (int k = 0; k < 3; k++) {
    a[k].n = 4;
    a[k].in = malloc(4 * sizeof(double));
    a[k].out = NULL;
    for (int i = 0; i < 4; i++) a[k].in[i] = 10 * k + i;
  }
#pragma omp target map(tofrom: a[1].in[0:4])
  for (int i = 0; i < 4; i++) a[1].in[i] *= -1;
  /* the array of structs 'to', one member's section tofrom */
#pragma omp target map(to: a) map(tofrom: a[2].in[1:2])
  { a[2].in[1] += a[0].n; a[2].in[2] += 0.5; a[0].n = 9; }
  printf("a[1].in = %g %g %g %g; a[2].in[1..2] = %g %g; a[0].n = %d\n", a[1].in[0], a[1].in[1], a[1].in[2], a[1].in[3],
         a[2].in[1], a[2].in[2], a[0].n);
  for (int k = 0; k < 3; k++) free(a[k].in);
  free(v.in);
  free(v.out);
  return 0;
}

// KERNELS: 2
/* A struct holding arrays, an array of structs: mapped tofrom and updated in parallel. */
#include <stdio.h>
struct hist { int n; int bins[16]; double w[16]; };
struct particle { double m, v; };
int main(void) {
  struct hist h = {16, {0}, {0}};
  struct particle ps[32];
  for (int i = 0; i < 32; i++) { ps[i].m = 1 + i % 3; ps[i].v = i; }
#pragma omp target teams distribute parallel for map(tofrom : h)
  for (int i = 0; i < h.n; i++) { h.bins[i] = i * i; h.w[i] = i / 4.0; }
#pragma omp target teams distribute parallel for map(tofrom : ps)
  for (int i = 0; i < 32; i++) ps[i].v = 0.5 * ps[i].m * ps[i].v * ps[i].v;
  double e = 0;
  for (int i = 0; i < 32; i++) e += ps[i].v;
  printf("bins[15]=%d w[15]=%g e=%.6g ps[31].v=%g\n", h.bins[15], h.w[15], e, ps[31].v);
  return 0;
}

// KERNELS: 2
/* Map and update individual struct members and a section of a member array. */
#include <stdio.h>
struct grid { int nx; double h; double cells[32]; int tag; };
int main(void) {
  struct grid g = {32, 0.5, {0}, 7};
  for (int i = 0; i < 32; i++) g.cells[i] = i;
#pragma omp target data map(tofrom : g.cells[0:32], g.tag) map(to : g.h)
  {
#pragma omp target
    for (int i = 0; i < 32; i++) g.cells[i] *= g.h;
#pragma omp target update from(g.cells[8:8])
    printf("mid-region cells[8]=%g cells[15]=%g\n", g.cells[8], g.cells[15]);
#pragma omp target map(tofrom : g.tag)
    { g.tag += (int)g.cells[31]; }
  }
  printf("cells[0]=%g cells[31]=%g tag=%d nx=%d\n", g.cells[0], g.cells[31], g.tag, g.nx);
  return 0;
}

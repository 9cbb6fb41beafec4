// KERNELS: 2
// LINK: support/085-devlib.c
/* declare target functions and globals defined in another translation unit (or a static library):
 * the device link resolves them, and target update moves the device copy of a global. */
#include <stdio.h>
#pragma omp declare target
extern int scale;
extern double table[4];
int devscale(int x);
#pragma omp end declare target
int main(void) {
  int out[8];
#pragma omp target teams distribute parallel for map(from : out)
  for (int i = 0; i < 8; i++) out[i] = devscale(i);
  scale = 5;
#pragma omp target update to(scale)
  double t = 0;
#pragma omp target map(tofrom : t)
  for (int i = 0; i < 4; i++) t += table[i] * devscale(1);
  for (int i = 0; i < 8; i++) printf("%d ", out[i]);
  printf("t=%g\n", t);
  return 0;
}

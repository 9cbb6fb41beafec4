// KERNELS: 2
/* The address of an implicitly firstprivate scalar taken in a target region, passed to a function
   that writes through it: the region's own copy changes, the host's does not (nvptx64 kernels put
   such a copy in the team frame, whose helpers the device code must carry). */
#include <stdio.h>
#pragma omp declare target
static void bump(int *p, int by) { *p += by; }
#pragma omp end declare target
int main(void) {
  int x = 5, seen = 0;
  double d = 1.5, dseen = 0;
#pragma omp target map(from : seen)
  {
    int *p = &x;
    bump(p, 2);
    bump(&x, 3);
    seen = x;
  }
#pragma omp target teams num_teams(1) map(from : dseen)
  {
    double *q = &d;
    *q *= 4;
    dseen = d;
  }
  printf("host x %d, region saw %d; host d %g, region saw %g\n", x, seen, d, dseen);
  return 0;
}

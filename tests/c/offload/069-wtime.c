// KERNELS: 1
/* omp_get_wtime is monotonic across a device region; omp_get_wtick is positive. */
#include <stdio.h>
#include <omp.h>
int main(void) {
  double t0 = omp_get_wtime();
  long s = 0;
#pragma omp target map(tofrom : s)
  for (long i = 0; i < 2000000; i++) s += i % 3;
  double t1 = omp_get_wtime();
  double t2 = omp_get_wtime();
  printf("s=%ld monotonic=%d tick positive=%d\n", s, t1 >= t0 && t2 >= t1, omp_get_wtick() > 0);
  return 0;
}

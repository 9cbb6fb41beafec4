// KERNELS: 4
/* Edge cases: an empty target region, a loop with no iterations, zero-length sections, a section
 * whose length is a run-time zero. */
#include <stdio.h>
int main(void) {
  int a[8] = {1, 2, 3, 4, 5, 6, 7, 8}, n = 0, ran = 0;
#pragma omp target
  {}
#pragma omp target teams distribute parallel for map(tofrom : a)
  for (int i = 0; i < n; i++) a[i] = -1;
#pragma omp target map(tofrom : a[0:0]) map(tofrom : ran)
  ran = 1;
#pragma omp target data map(tofrom : a[2:n])
  {
#pragma omp target map(tofrom : a[3:2])
    a[3] = a[4] * 10;
  }
  printf("ran=%d a = %d %d %d %d %d\n", ran, a[0], a[2], a[3], a[4], a[7]);
  return 0;
}

// KERNELS: 3
/* Implicit data-mapping rules: scalars are firstprivate, arrays tofrom; defaultmap(tofrom: scalar)
 * makes scalars come back. */
#include <stdio.h>
int main(void) {
  int k = 5, arr[4] = {1, 2, 3, 4};
  double d = 0.5;
#pragma omp target
  {
    k += 10; d *= 4;           /* private copies */
    for (int i = 0; i < 4; i++) arr[i] += k; /* arr is tofrom */
  }
  printf("k=%d d=%g arr=%d %d %d %d\n", k, d, arr[0], arr[1], arr[2], arr[3]);
#pragma omp target defaultmap(tofrom : scalar)
  { k += 10; d *= 4; }
  printf("k=%d d=%g\n", k, d);
#pragma omp target firstprivate(k) map(tofrom : arr)
  { k = k * 2; arr[0] = k; }
  printf("k=%d arr[0]=%d\n", k, arr[0]);
  return 0;
}

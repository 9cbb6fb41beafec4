// ORACLE: clang-offload
// KERNELS: 3
/* Global variables in declare target have a device copy of their own: kernels use it, the host
 * sees it only through target update (and the host copy is not seen by kernels without one). */
#include <stdio.h>
#pragma omp declare target
int counter = 10;
double coef[3] = {1.0, 2.0, 3.0};
#pragma omp end declare target
int main(void) {
#pragma omp target
  { counter += 1; coef[0] = 5.0; }
  printf("host: counter=%d coef[0]=%g\n", counter, coef[0]);
#pragma omp target update from(counter, coef)
  printf("after update from: counter=%d coef[0]=%g\n", counter, coef[0]);
  coef[2] = 30.0;
  int seen = 0;
#pragma omp target map(from : seen)
  seen = (int)coef[2];
  printf("device sees coef[2]=%d\n", seen);
#pragma omp target update to(coef[2:1])
#pragma omp target map(from : seen)
  seen = (int)coef[2] + counter;
  printf("after update to: %d\n", seen);
  return 0;
}

// ORACLE: clang-offload
// KERNELS: 3
/* Without target update the copies drift apart; update of a section moves only that section. */
#include <stdio.h>
int main(void) {
  int a[6] = {0, 1, 2, 3, 4, 5};
#pragma omp target data map(tofrom : a)
  {
    a[0] = 50; /* host only */
#pragma omp target
    a[5] = a[0]; /* device still sees 0 */
    printf("host a[5]=%d\n", a[5]);
#pragma omp target update to(a[0:1])
#pragma omp target
    a[4] = a[0];
#pragma omp target update from(a[4:1])
    printf("host a[4]=%d a[5]=%d\n", a[4], a[5]);
    a[1] = 99;
#pragma omp target
    a[2] = a[1];
  }
  printf("end: %d %d %d %d %d %d\n", a[0], a[1], a[2], a[3], a[4], a[5]);
  return 0;
}

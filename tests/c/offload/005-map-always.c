// ORACLE: clang-offload
// KERNELS: 3
/* always: copies even when the data is present (refcount > 0). */
#include <stdio.h>
int main(void) {
  int v[3] = {1, 2, 3};
#pragma omp target data map(tofrom : v)
  {
    v[0] = 10; /* host change */
#pragma omp target map(to : v)
    v[1] = v[0]; /* sees the device's stale 1 */
#pragma omp target map(always, to : v)
    v[2] = v[0] * 3; /* sees 10, copied again; v[1] is overwritten back to 2 */
    printf("inside: %d %d %d\n", v[0], v[1], v[2]);
#pragma omp target map(always, from : v)
    v[0] += 1;
    printf("after always from: %d %d %d\n", v[0], v[1], v[2]);
    v[1] = -7;
  }
  printf("end: %d %d %d\n", v[0], v[1], v[2]);
  return 0;
}

// ORACLE: clang-offload
// KERNELS: 3
/* A function maps its argument tofrom; called inside an enclosing data region the data is already
 * present, so nothing is copied in or out until the enclosing region ends. */
#include <stdio.h>
static void bump(int *v, int n) {
#pragma omp target map(tofrom : v[0:n])
  for (int i = 0; i < n; i++) v[i] += 1;
}
int main(void) {
  int v[4] = {0, 10, 20, 30};
  bump(v, 4);
  printf("alone: %d %d %d %d\n", v[0], v[1], v[2], v[3]);
#pragma omp target data map(to : v)
  {
    v[0] = 500; /* host only: the device keeps 1 */
    bump(v, 4);
    printf("inside: %d %d %d %d\n", v[0], v[1], v[2], v[3]);
    bump(v + 2, 2);
#pragma omp target update from(v)
  }
  printf("after: %d %d %d %d\n", v[0], v[1], v[2], v[3]);
  return 0;
}

// ORACLE: clang-offload
// KERNELS: 2
/* declare target link with map(to:): the device's writes to the linked global stay on the device. */
#include <stdio.h>
int table[5] = {1, 2, 3, 4, 5};
#pragma omp declare target link(table)
int main(void) {
#pragma omp target map(to : table)
  for (int i = 0; i < 5; i++) table[i] *= 100;
  printf("after to: %d %d\n", table[0], table[4]);
#pragma omp target map(tofrom : table)
  for (int i = 0; i < 5; i++) table[i] += 1;
  printf("after tofrom: %d %d\n", table[0], table[4]);
  return 0;
}

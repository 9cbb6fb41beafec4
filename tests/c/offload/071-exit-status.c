// KERNELS: 1
/* The exit status comes from a value computed on the device. */
#include <stdio.h>
int main(void) {
  int errors = 0;
  int a[50];
#pragma omp target map(from : a) map(tofrom : errors)
  for (int i = 0; i < 50; i++) {
    a[i] = i % 7;
    if (a[i] == 6) errors++;
  }
  printf("errors=%d\n", errors);
  return errors > 5 ? 3 : 0;
}

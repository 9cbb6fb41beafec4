// KERNELS: 2
/* Array sections that start inside the array: only [lower, lower+length) travels. */
#include <stdio.h>
int main(void) {
  int a[20], b[20];
  for (int i = 0; i < 20; i++) { a[i] = i; b[i] = 0; }
#pragma omp target map(tofrom : a[5:10])
  for (int i = 5; i < 15; i++) a[i] *= 10;
#pragma omp target map(to : a[5:10]) map(tofrom : b[8:4])
  for (int i = 8; i < 12; i++) b[i] = a[i] + a[i - 3];
  for (int i = 0; i < 20; i++) printf("%d%c", a[i], i == 19 ? '\n' : ' ');
  for (int i = 0; i < 20; i++) printf("%d%c", b[i], i == 19 ? '\n' : ' ');
  return 0;
}

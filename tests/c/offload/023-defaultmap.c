// KERNELS: 2
/* defaultmap(none) forces every variable into a clause; defaultmap(tofrom: scalar/aggregate) maps both ways. */
#include <stdio.h>
int main(void) {
  int n = 8, a[8], b[8];
  for (int i = 0; i < 8; i++) { a[i] = i; b[i] = 0; }
#pragma omp target defaultmap(none) map(to : a, n) map(tofrom : b)
  for (int i = 0; i < n; i++) b[i] = a[i] * a[i];
  int total = 0;
#pragma omp target defaultmap(tofrom : scalar) defaultmap(tofrom : aggregate)
  for (int i = 0; i < n; i++) total += b[i] + a[i];
  printf("b[7]=%d total=%d\n", b[7], total);
  return 0;
}

// KERNELS: 1
/* A struct with a pointer member: map the struct and the pointee section s.data[0:s.n]; the device
 * copy of s.data is attached to the device copy of the array. */
#include <stdio.h>
#include <stdlib.h>
struct buf { int n; double *data; };
int main(void) {
  struct buf s;
  s.n = 50;
  s.data = malloc(s.n * sizeof(double));
  for (int i = 0; i < s.n; i++) s.data[i] = i;
#pragma omp target map(to : s) map(tofrom : s.data[0:s.n])
  for (int i = 0; i < s.n; i++) s.data[i] = s.data[i] * s.data[i] - s.n;
  double t = 0;
  for (int i = 0; i < s.n; i++) t += s.data[i];
  printf("data[0]=%g data[49]=%g total=%.6g\n", s.data[0], s.data[49], t);
  free(s.data);
  return 0;
}

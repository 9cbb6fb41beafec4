// KERNELS: 3
/* map(to:), map(from:) and map(tofrom:) on whole arrays: what each copies in and out. */
#include <stdio.h>
#define N 16
int main(void) {
  int a[N], b[N], c[N];
  for (int i = 0; i < N; i++) { a[i] = i; b[i] = -1; c[i] = 100 + i; }
#pragma omp target map(to : a) map(from : b)
  for (int i = 0; i < N; i++) b[i] = a[i] * a[i];
#pragma omp target map(tofrom : c) map(to : b)
  for (int i = 0; i < N; i++) c[i] += b[i];
  long s = 0;
#pragma omp target map(tofrom : s) map(to : c)
  for (int i = 0; i < N; i++) s += c[i];
  printf("b[3]=%d b[15]=%d c[0]=%d c[15]=%d sum=%ld\n", b[3], b[15], c[0], c[15], s);
  return 0;
}

// ORACLE: clang-offload
// KERNELS: 1
/* Data already present: map(from:) on a target region neither copies in nor (refcount > 0) out. */
#include <stdio.h>
int main(void) {
  int a[8];
  for (int i = 0; i < 8; i++) a[i] = i;
#pragma omp target enter data map(to : a)
  for (int i = 0; i < 8; i++) a[i] = 1000; /* host-only change, the device keeps 0..7 */
#pragma omp target map(from : a)
  for (int i = 0; i < 8; i++) a[i] += 1;
  printf("host after target: %d %d %d\n", a[0], a[4], a[7]);
#pragma omp target exit data map(from : a)
  printf("host after exit data: %d %d %d\n", a[0], a[4], a[7]);
  return 0;
}

// ORACLE: clang-offload
// KERNELS: 1
/* A section mapped with enter data; updates of sub-sections move only those elements. */
#include <stdio.h>
int main(void) {
  int a[10];
  for (int i = 0; i < 10; i++) a[i] = i;
#pragma omp target enter data map(to : a[2:6])
#pragma omp target
  for (int i = 2; i < 8; i++) a[i] += 100;
  for (int i = 0; i < 10; i++) a[i] = -1;
#pragma omp target update from(a[4:2])
  for (int i = 0; i < 10; i++) printf("%d ", a[i]);
  printf("\n");
#pragma omp target update to(a[2:1])
#pragma omp target exit data map(from : a[2:6])
  for (int i = 0; i < 10; i++) printf("%d ", a[i]);
  printf("\n");
  return 0;
}

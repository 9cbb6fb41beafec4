// ORACLE: clang-offload
// KERNELS: 2
/* map(alloc:) gives device storage that is never copied: a scratch buffer on the device. */
#include <stdio.h>
int main(void) {
  int src[10], tmp[10], dst[10];
  for (int i = 0; i < 10; i++) { src[i] = i; tmp[i] = -5; dst[i] = 0; }
#pragma omp target data map(to : src) map(alloc : tmp) map(from : dst)
  {
#pragma omp target
    for (int i = 0; i < 10; i++) tmp[i] = src[i] * src[i];
#pragma omp target
    for (int i = 0; i < 10; i++) dst[i] = tmp[9 - i] + 1;
  }
  printf("tmp[3]=%d (host copy untouched) dst = ", tmp[3]);
  for (int i = 0; i < 10; i++) printf("%d ", dst[i]);
  printf("\n");
  return 0;
}

// KERNELS: 1
// ORACLE: clang-offload
/* use_device_addr of array sections (OpenMP 5.1): in the region the section's base stands for the
 * corresponding device storage, the pointer's value for a section through a pointer and the
 * array's address for a section of an array, even when the section starts past the base. The device addresses are handed to a target region
 * through is_device_ptr and written there. */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
int main(void) {
  int dev = omp_get_default_device();
  int *q = malloc(16 * sizeof *q), a[8];
  for (int i = 0; i < 16; i++) q[i] = i;
  for (int i = 0; i < 8; i++) a[i] = -i;
  int *orig = q, *dq = NULL, *dq1 = NULL, *da = NULL;
#pragma omp target data map(q[0:16], a)
  {
#pragma omp target data use_device_addr(q[1:3], a[2:3])
    { dq = q; dq1 = &q[1]; da = a; }
    printf("pointer base: %d, element: %d, array: %d, host pointer kept: %d\n",
           dq == (int *)omp_get_mapped_ptr(orig, dev), dq1 == (int *)omp_get_mapped_ptr(orig, dev) + 1,
           da == (int *)omp_get_mapped_ptr(a, dev), q == orig);
#pragma omp target is_device_ptr(dq, da)
    { dq[5] = 500; da[3] = 300; }
#pragma omp target update from(q[5:1], a[3:1])
  }
  printf("written through device addresses: %d %d\n", q[5], a[3]);
  free(q);
  return 0;
}

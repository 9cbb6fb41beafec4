// ORACLE: clang-offload
// KERNELS: 2
/* omp_target_associate_ptr makes device memory from omp_target_alloc the corresponding storage of a
 * host array: maps then find it present (no copy), update moves data; disassociate undoes it. */
#include <stdio.h>
#include <omp.h>
#define N 16
int main(void) {
  int dev = omp_get_default_device(), host = omp_get_initial_device();
  int a[N];
  for (int i = 0; i < N; i++) a[i] = i;
  int *d = omp_target_alloc(N * sizeof(int), dev);
  omp_target_memcpy(d, a, N * sizeof(int), 0, 0, dev, host);
  int rc = omp_target_associate_ptr(a, d, N * sizeof(int), 0, dev);
  printf("associate rc=%d present=%d\n", rc, omp_target_is_present(a, dev));
  a[0] = 999; /* host only: the associated device copy still holds 0 */
#pragma omp target map(tofrom : a)
  for (int i = 0; i < N; i++) a[i] += 100;
  printf("after target (present, no copy back): a[0]=%d a[5]=%d\n", a[0], a[5]);
#pragma omp target update from(a)
  printf("after update from: a[0]=%d a[5]=%d\n", a[0], a[5]);
  rc = omp_target_disassociate_ptr(a, dev);
  printf("disassociate rc=%d present=%d\n", rc, omp_target_is_present(a, dev));
  int check = 0;
#pragma omp target is_device_ptr(d) map(from : check)
  check = d[5];
  printf("device memory still holds %d\n", check);
  omp_target_free(d, dev);
  return 0;
}

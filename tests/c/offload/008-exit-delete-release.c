// ORACLE: clang-offload
// KERNELS: 2
/* delete drops the mapping whatever the refcount; release just decrements. Nothing copies back. */
#include <stdio.h>
#include <omp.h>
int main(void) {
  int a[3] = {1, 2, 3}, b[3] = {4, 5, 6};
  int dev = omp_get_default_device();
#pragma omp target enter data map(to : a, b)
#pragma omp target enter data map(to : a, b)
#pragma omp target
  for (int i = 0; i < 3; i++) { a[i] = -a[i]; b[i] = -b[i]; }
#pragma omp target exit data map(release : a)
  printf("a released once: present=%d\n", omp_target_is_present(a, dev) != 0);
#pragma omp target exit data map(delete : b)
  printf("b deleted: present=%d values %d %d %d\n", omp_target_is_present(b, dev) != 0, b[0], b[1], b[2]);
#pragma omp target map(tofrom : b)
  b[0] += 100;
  printf("b remapped: %d\n", b[0]);
#pragma omp target exit data map(release : a)
  printf("a released twice: present=%d values %d %d %d\n", omp_target_is_present(a, dev) != 0, a[0], a[1], a[2]);
  return 0;
}

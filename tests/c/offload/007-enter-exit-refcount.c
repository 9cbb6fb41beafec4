// ORACLE: clang-offload
// KERNELS: 1
/* Two enter data raise the refcount to 2; the first exit data from only drops it, the second copies. */
#include <stdio.h>
#include <omp.h>
int main(void) {
  int a[5] = {1, 2, 3, 4, 5};
  int dev = omp_get_default_device();
#pragma omp target enter data map(to : a)
#pragma omp target enter data map(to : a)
#pragma omp target
  for (int i = 0; i < 5; i++) a[i] *= 10;
#pragma omp target exit data map(from : a)
  printf("after first exit: %d %d present=%d\n", a[0], a[4], omp_target_is_present(a, dev) != 0);
#pragma omp target exit data map(from : a)
  printf("after second exit: %d %d present=%d\n", a[0], a[4], omp_target_is_present(a, dev) != 0);
  return 0;
}

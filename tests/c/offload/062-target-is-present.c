// ORACLE: clang-offload
// KERNELS: 1
/* omp_target_is_present follows the mapping table through data regions and enter/exit data. */
#include <stdio.h>
#include <omp.h>
int main(void) {
  int dev = omp_get_default_device();
  int a[8], b[8];
  printf("start: a %d b %d\n", omp_target_is_present(a, dev), omp_target_is_present(b, dev));
#pragma omp target data map(to : a)
  {
    printf("in data region: a %d b %d\n", omp_target_is_present(a, dev), omp_target_is_present(b, dev));
#pragma omp target enter data map(alloc : b[2:4])
    printf("section mapped: b %d b+2 %d b+5 %d b+6 %d\n", omp_target_is_present(b, dev), omp_target_is_present(b + 2, dev),
           omp_target_is_present(b + 5, dev), omp_target_is_present(b + 6, dev));
#pragma omp target
    a[0] = 1;
  }
  printf("after region: a %d\n", omp_target_is_present(a, dev));
#pragma omp target exit data map(delete : b[2:4])
  printf("after delete: b+2 %d\n", omp_target_is_present(b + 2, dev));
  printf("host device holds everything: %d\n", omp_target_is_present(a, omp_get_initial_device()));
  return 0;
}

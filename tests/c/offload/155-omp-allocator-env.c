// KERNELS: 0
// ORACLE: clang-offload
// ENV: OMP_ALLOCATOR=omp_default_mem_space:alignment=256
// OMP_ALLOCATOR in OpenMP 5.1's memory-space:traits form sets the default allocator, which
// omp_alloc with omp_null_allocator uses. (gcc 12 knows only allocator names there.)
#include <stdio.h>
#include <stdint.h>
#include <omp.h>
int main(void) {
  int ok = 1;
  for (int i = 0; i < 20; i++) {
    void *p = omp_alloc(10 + i, omp_null_allocator);
    ok &= (uintptr_t) p % 256 == 0;
    omp_free(p, omp_null_allocator);
  }
  printf("aligned to 256: %d; a new default allocator: %d\n", ok, omp_get_default_allocator() != omp_default_mem_alloc);
  return 0;
}

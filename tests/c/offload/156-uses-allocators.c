// KERNELS: 2
// ORACLE: clang-offload
// uses_allocators on a target region: an allocator made in the region from traits (alignment)
// and used there; the allocate directive's align for local variables; omp_alloc of a predefined
// allocator on the device. (gcc 12 has neither uses_allocators nor the allocate directive.)
#include <stdio.h>
#include <stdint.h>
#include <omp.h>
int main(void) {
  int aligned = 0, sum = 0, local_ok = 0;
  omp_alloctrait_t traits[1] = {{omp_atk_alignment, 128}};
  omp_allocator_handle_t mine = omp_null_allocator;
  #pragma omp target uses_allocators(mine(traits)) map(from: aligned, sum)
  {
    int *p = omp_alloc(10 * sizeof(int), mine);
    aligned = (uintptr_t) p % 128 == 0;
    for (int i = 0; i < 10; i++) p[i] = i;
    sum = 0;
    for (int i = 0; i < 10; i++) sum += p[i];
    omp_free(p, mine);
  }
  printf("in the region: aligned %d, sum %d\n", aligned, sum);
  #pragma omp target map(from: local_ok)
  {
    double buf[8];
    #pragma omp allocate(buf) allocator(omp_default_mem_alloc) align(64)
    buf[0] = 1;
    double *q = omp_alloc(64, omp_default_mem_alloc);
    local_ok = (uintptr_t) buf % 64 == 0 && q != NULL && buf[0] == 1;
    omp_free(q, omp_default_mem_alloc);
  }
  printf("allocate directive: %d\n", local_ok);
  return 0;
}

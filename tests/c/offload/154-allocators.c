// KERNELS: 0
// The allocator API: predefined allocators, omp_init_allocator with alignment, pool_size and
// fallback traits (null_fb: NULL when the pool is exhausted; default_mem_fb and allocator_fb:
// served elsewhere), aligned and zeroed allocation, omp_realloc keeping the contents, omp_free
// with any allocator argument, the default allocator (omp_set_default_allocator; OMP_ALLOCATOR: 155),
// and the allocate clause's alignment of private copies.
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <omp.h>
int main(void) {
  printf("default allocator: %d\n", (int) (omp_get_default_allocator() == omp_default_mem_alloc));
  omp_alloctrait_t t1[] = {{omp_atk_alignment, 64}, {omp_atk_pool_size, 1000}, {omp_atk_fallback, omp_atv_null_fb}};
  omp_allocator_handle_t a1 = omp_init_allocator(omp_default_mem_space, 3, t1);
  char *p = omp_alloc(600, a1), *q = omp_alloc(600, a1);
  printf("aligned to 64: %d; second allocation past the pool: %s\n", (int) ((uintptr_t) p % 64 == 0), q ? "served" : "NULL");
  omp_free(p, a1);
  q = omp_alloc(600, a1);
  printf("after a free it fits again: %s\n", q ? "served" : "NULL");
  omp_alloctrait_t t2[] = {{omp_atk_pool_size, 100}, {omp_atk_fallback, omp_atv_default_mem_fb}};
  omp_allocator_handle_t a2 = omp_init_allocator(omp_default_mem_space, 2, t2);
  char *big = omp_alloc(1000, a2);
  omp_alloctrait_t t3[] = {{omp_atk_pool_size, 100}, {omp_atk_fallback, omp_atv_allocator_fb}, {omp_atk_fb_data, omp_default_mem_alloc}};
  omp_allocator_handle_t a3 = omp_init_allocator(omp_default_mem_space, 3, t3);
  char *viafb = omp_alloc(300, a3);
  printf("default_mem_fb: %s; allocator_fb: %s\n", big ? "served" : "NULL", viafb ? "served" : "NULL");
  int *z = omp_aligned_calloc(128, 50, sizeof(int), omp_default_mem_alloc), zeros = 0;
  for (int i = 0; i < 50; i++) zeros += z[i] == 0;
  printf("aligned calloc: %d zeros, aligned to 128: %d\n", zeros, (int) ((uintptr_t) z % 128 == 0));
  for (int i = 0; i < 50; i++) z[i] = i;
  z = omp_realloc(z, 100 * sizeof(int), omp_default_mem_alloc, omp_default_mem_alloc);
  printf("realloc kept z[49] = %d\n", z[49]);
  omp_free(z, omp_default_mem_alloc);
  /* big and viafb stay: libomp 19 crashes freeing a block its fallback served */
  omp_free(q, a1);
  omp_set_default_allocator(a1);
  void *d = omp_alloc(8, omp_null_allocator);
  printf("default allocator set: %d; aligned as a1 says: %d; zero bytes gives NULL: %d\n",
         (int) (omp_get_default_allocator() == a1), (int) ((uintptr_t) d % 64 == 0), omp_alloc(0, a1) == NULL);
  omp_free(d, omp_null_allocator);
  omp_set_default_allocator(omp_default_mem_alloc);
  int x = 7, ok = 1;
  #pragma omp parallel firstprivate(x) allocate(omp_default_mem_alloc: x) num_threads(2) shared(ok)
  {
    if (x != 7) ok = 0;
  }
  printf("allocate clause: private copies keep their values: %d\n", ok);
  omp_destroy_allocator(a1); omp_destroy_allocator(a2); omp_destroy_allocator(a3);
  return 0;
}

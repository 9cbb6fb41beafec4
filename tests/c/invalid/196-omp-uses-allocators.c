// CHECK: 13:58: error: predefined allocator cannot have traits specified
// CHECK: 15:38: error: expected constant sized array of 'omp_alloctrait_t' elements, not 'omp_alloctrait_t *'
// CHECK: 17:36: error: expected variable of the 'omp_allocator_handle_t' type, not 'int'
// uses_allocators' deprecated a(traits) form, checked as clang does: a predefined allocator takes no
// traits, traits are a constant-sized array of omp_alloctrait_t, the allocator a variable of type
// omp_allocator_handle_t.
#include <omp.h>
int main(void) {
  omp_alloctrait_t t[1] = {{omp_atk_alignment, 64}};
  omp_alloctrait_t *tp = t;
  omp_allocator_handle_t a;
  int x = 0;
#pragma omp target uses_allocators(omp_default_mem_alloc(t))
  x++;
#pragma omp target uses_allocators(a(tp))
  x++;
#pragma omp target uses_allocators(x(t))
  x++;
  return x;
}

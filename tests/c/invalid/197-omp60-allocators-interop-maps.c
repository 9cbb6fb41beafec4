// CHECK: 24:93: error: expected reference type argument on 'adjust_args' clause with 'need_device_addr' modifier
// CHECK: 33:43: error: predefined allocator cannot have traits specified
// CHECK: 35:45: error: predefined allocator cannot have a memory space specified
// CHECK: 37:58: error: expected constant sized array of 'omp_alloctrait_t' elements, not 'omp_alloctrait_t *'
// CHECK: 39:38: error: prefer_list item must be a string literal or constant integral expression
// CHECK: 40:51: error: only one 'fr' is allowed in a preference specification
// CHECK: 41:56: error: expected string literal in 'attr'
// CHECK: 42:39: error: expected 'fr' or 'attr' in preference specification
// CHECK: 43:31: error: expected 'always', 'auto' or 'never' in 'attach' modifier
// CHECK: 45:40: error: same map type modifier has been specified more than once
// CHECK-ALL
// CLANG-CANNOT: OpenMP 6.0 and 6.1 syntax (uses_allocators' modifiers and ';', prefer_type's braces,
// need_device_addr, attach(...)), which clang-19 does not parse; the messages are clang's where
// newer clang has them, else in its style.
// uses_allocators: a predefined allocator takes no modifiers, traits are a constant-sized array;
// prefer_type: each item a string literal or integral constant, a preference in braces has at most
// one fr and attr strings; adjust_args(need_device_addr:) needs a C++ reference, which no C
// parameter is; attach takes always, auto or never, once.
#include <omp.h>
struct S {
  int *p;
};
void v(int *p) {}
#pragma omp declare variant(v) match(construct = {dispatch}) adjust_args(need_device_addr : p)
void f(int *p) {}
int main(void) {
  omp_alloctrait_t t[1] = {{omp_atk_alignment, 64}};
  omp_alloctrait_t *tp = t;
  omp_allocator_handle_t a;
  omp_interop_t o;
  struct S s;
  int x = 0;
#pragma omp target uses_allocators(traits(t) : omp_default_mem_alloc)
  x++;
#pragma omp target uses_allocators(memspace(omp_default_mem_space) : omp_high_bw_mem_alloc)
  x++;
#pragma omp target uses_allocators(traits(t) : a; traits(tp) : a)
  x++;
#pragma omp interop init(prefer_type(x), targetsync : o)
#pragma omp interop init(prefer_type({fr("cuda"), fr("hip")}), targetsync : o)
#pragma omp interop init(prefer_type({fr("cuda"), attr(1)}), targetsync : o)
#pragma omp interop init(prefer_type({kind("cuda")}), targetsync : o)
#pragma omp target map(attach(sometimes), to : s.p[0 : 1])
  x++;
#pragma omp target map(attach(always), attach(never), to : s.p[0 : 1])
  x++;
  return x;
}

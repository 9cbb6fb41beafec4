// CHECK: 18:33: error: unexpected OpenMP clause 'bind' in directive '#pragma omp target'
// CHECK: 18:56: error: use of undeclared identifier 'y'
// CHECK: 20:46: error: unexpected OpenMP clause 'nowait' in directive '#pragma omp parallel for'
// CHECK: 22:24: error: unexpected OpenMP clause 'copyprivate' in directive '#pragma omp parallel'
// CHECK: 22:54: error: directive '#pragma omp parallel' cannot contain more than one 'num_threads' clause
// CHECK: 24:36: error: directive '#pragma omp for' cannot contain more than one 'schedule' clause
// CHECK: 24:54: error: unexpected OpenMP clause 'uses_allocators' in directive '#pragma omp for'
// CHECK: 26:27: error: expected variable of the 'omp_event_handle_t' type, not 'int'
// CHECK: 26:49: error: directive '#pragma omp task' cannot contain more than one 'untied' clause
// CHECK: 28:52: error: unexpected OpenMP clause 'copyin' in directive '#pragma omp single'
// CHECK: 30:45: error: unexpected OpenMP clause 'untied' in directive '#pragma omp taskwait'
// CHECK: 31:57: error: unexpected OpenMP clause 'ordered' in directive '#pragma omp target teams loop'
// Clauses a directive does not allow are errors, and parsing goes on after them: the map(from:)
// after bind() is parsed (and checked: y is undeclared), nothing is silently dropped.
#include <omp.h>
int main(void) {
  int a[10] = {0}, x = 0, i;
  #pragma omp target map(to: a) bind(thread) map(from: y)
  x = a[0];
  #pragma omp parallel for order(concurrent) nowait
  for (i = 0; i < 10; i++) a[i] = i;
  #pragma omp parallel copyprivate(x) num_threads(2) num_threads(3)
  x++;
  #pragma omp for schedule(static) schedule(dynamic) uses_allocators(omp_default_mem_alloc)
  for (i = 0; i < 10; i++) a[i] = i;
  #pragma omp task detach(x) affinity(a) untied untied
  x = 3;
  #pragma omp single allocate(x) private(x) nowait copyin(x)
  x = 4;
  #pragma omp taskwait depend(in: x) nowait untied
  #pragma omp target teams loop bind(teams) collapse(1) ordered
  for (i = 0; i < 10; i++) a[i] = i;
  return x;
}

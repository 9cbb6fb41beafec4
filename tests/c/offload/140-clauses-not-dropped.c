// KERNELS: 4
// ORACLE: clang-offload
// Clauses jomp once did not know (order, uses_allocators, allocate, bind, affinity, in_reduction,
// detach) used to end the clause list silently, so a map(from:) after them was lost. Every clause
// after them must still take effect. (clang's oracle: gcc 12 has no uses_allocators.)
#include <stdio.h>
#include <omp.h>
#define N 64
int main(void) {
  int a[N], b[N], x = 0, i;
  long s = 0;
  for (i = 0; i < N; i++) a[i] = i;
  #pragma omp target teams distribute parallel for order(concurrent) map(to: a) map(from: b)
  for (i = 0; i < N; i++) b[i] = 2 * a[i];
  printf("b[N-1] = %d\n", b[N - 1]);
  #pragma omp target uses_allocators(omp_default_mem_alloc) map(from: x)
  x = 42;
  printf("x = %d\n", x);
  #pragma omp target teams loop reduction(+: s) map(to: a) bind(teams) collapse(1)
  for (i = 0; i < N; i++) s += a[i];
  printf("s = %ld\n", s);
  #pragma omp target parallel allocate(x) firstprivate(x) map(tofrom: b) num_threads(2)
  {
    #pragma omp single
    b[0] = x + 1;
  }
  printf("b[0] = %d\n", b[0]);
  int t = 0;
  #pragma omp parallel num_threads(2) shared(t)
  #pragma omp single
  {
    #pragma omp task affinity(a) shared(t) untied priority(0)
    t = 7;
    #pragma omp taskwait
  }
  printf("t = %d\n", t);
  return 0;
}

// CLANG-CANNOT: clang 19 stops at "#pragma omp scope" with clauses: "cannot compile this scope with FE outlining yet"
/* taskloop (reduction, lastprivate, firstprivate, grainsize, num_tasks, collapse, simd), master and
 * masked as leaves of combined constructs (parallel master, parallel masked filter, master taskloop,
 * parallel master taskloop), scope with private and reduction, requires and declare simd (4 threads). */
#include <stdio.h>
#include <omp.h>

#pragma omp requires atomic_default_mem_order(seq_cst)

#pragma omp declare simd
static int cube(int x) { return x * x * x; }

int main(void) {
  long sum = 0;
  int last = -1, offset = 100;
#pragma omp parallel num_threads(4)
#pragma omp single
  {
#pragma omp taskloop grainsize(7) reduction(+ : sum) lastprivate(last) firstprivate(offset)
    for (int i = 0; i < 50; i++) { sum += cube(i) + offset; last = i; }
  }
  printf("taskloop sum=%ld last=%d\n", sum, last);

  long grid = 0;
#pragma omp parallel num_threads(4)
#pragma omp master taskloop collapse(2) num_tasks(5) reduction(+ : grid)
  for (int i = 0; i < 6; i++)
    for (int j = 0; j < 7; j++) grid += i * 10 + j;
  printf("master taskloop collapse grid=%ld\n", grid);

  double dot = 0;
  double a[64], b[64];
  for (int i = 0; i < 64; i++) { a[i] = i * 0.5; b[i] = 64 - i; }
#pragma omp parallel master taskloop simd reduction(+ : dot) num_threads(4)
  for (int i = 0; i < 64; i++) dot += a[i] * b[i];
  printf("parallel master taskloop simd dot=%.1f\n", dot);

  int entered = 0, masked_by = -1;
#pragma omp parallel master num_threads(4)
  { entered++; }
#pragma omp parallel masked num_threads(4) filter(2)
  { masked_by = omp_get_thread_num(); }
  printf("parallel master entered=%d, parallel masked filter(2) ran on thread %d\n", entered, masked_by);

  int total = 0, tmp = 7;
#pragma omp parallel num_threads(4)
  {
#pragma omp scope private(tmp) reduction(+ : total)
    { tmp = omp_get_thread_num() + 1; total += tmp; }
#pragma omp single
    printf("scope total=%d (after the scope's barrier)\n", total);
  }
  printf("tmp stays %d\n", tmp);
  return 0;
}

// ORACLE: clang-offload
// KERNELS: 2
// A loop-associated directive's loop written inside braces, { for (...) ... }: a compound statement
// holding one statement stands for it (clang's IgnoreContainers; gcc 12 refuses it), also as a
// metadirective's variant and under collapse; omp_in_explicit_task (OpenMP 5.2, missing in gcc 12's
// libgomp) in the initial task, implicit tasks and explicit ones, on the host and in a target region.
#include <stdio.h>
#include <omp.h>

int main(void) {
  int a[64] = {0}, total = 0;
#pragma omp parallel for num_threads(4)
  {
    for (int i = 0; i < 64; i++) a[i] = i;
  }
#pragma omp parallel for collapse(2) reduction(+: total) num_threads(4)
  {
    for (int i = 0; i < 8; i++)
      for (int j = 0; j < 8; j++) total += a[i * 8 + j];
  }
  printf("a[63] %d total %d\n", a[63], total);

  int par = 0;
#pragma omp target map(tofrom: par)
  {
#pragma omp metadirective when(user = {condition(0)}: nothing) otherwise(parallel for reduction(+: par))
    {
      for (int i = 0; i < 16; i++) par += omp_in_parallel();
    }
  }
  printf("in parallel %d\n", par > 0);

  int initial = omp_in_explicit_task(), implicit = 0, expl = 0, dev = -1;
#pragma omp parallel num_threads(2) reduction(+: implicit, expl)
  {
    implicit += omp_in_explicit_task();
#pragma omp task shared(expl)
    {
#pragma omp atomic
      expl += omp_in_explicit_task();
    }
#pragma omp taskwait
  }
#pragma omp target map(from: dev)
  {
#pragma omp task shared(dev)
    dev = omp_in_explicit_task();
  }
  printf("explicit task: initial %d implicit %d explicit %d device %d\n", initial, implicit, expl > 0, dev);
  return 0;
}

// KERNELS: 1
// ORACLE: expected
// WHY: OpenMP 6.0's transparent clause on taskloop and omp_impex_t: gcc 12 and clang 19 know neither
/* Transparent tasks (OpenMP 6.0) made by taskloop, and exports through nested exporting tasks:
 * the child tasks of a taskloop's importing tasks depend on the tasks created before the
 * taskloop; the tasks created after a nogroup taskloop of exporting tasks depend on the children
 * of its tasks; and what an exporting task's exporting child exports reaches the exporting task's
 * later siblings. The tasks that must come first are slow (a delay before they write), so a
 * runtime that kept each task's children in their own dependence domain would read old values.
 * On the host, and in a target region on the device. */
#include <stdio.h>
#include <unistd.h>
#include <omp.h>
static void slowly(void) { usleep(20000); }
int main(void) {
  int x = 0, y[4] = {0, 0, 0, 0}, z = 0, seen[4] = {-1, -1, -1, -1}, sum = -1, seen_chain = -1, seen_not = -1;
#pragma omp parallel num_threads(4) shared(x, y, z, seen, sum, seen_chain, seen_not)
#pragma omp single
  {
#pragma omp task depend(out: x) shared(x)
    { slowly(); x = 1; }
#pragma omp taskloop transparent(omp_import) num_tasks(4) shared(x, seen)
    for (int i = 0; i < 4; i++) {
#pragma omp task depend(in: x) shared(x, seen) firstprivate(i)
      seen[i] = x;
    }
#pragma omp taskloop transparent(omp_export) num_tasks(4) nogroup shared(y)
    for (int i = 0; i < 4; i++) {
#pragma omp task depend(out: y[i]) shared(y) firstprivate(i)
      { slowly(); y[i] = i + 1; }
    }
#pragma omp task depend(in: y[0], y[1], y[2], y[3]) shared(y, sum)
    sum = y[0] + y[1] + y[2] + y[3];
#pragma omp taskwait
#pragma omp task transparent(omp_export) shared(z)
    {
#pragma omp task transparent(omp_export) shared(z)
      {
#pragma omp task depend(out: z) shared(z)
        { slowly(); z = 9; }
      }
    }
#pragma omp task depend(in: z) shared(z, seen_chain)
    seen_chain = z;
#pragma omp taskwait
#pragma omp taskloop transparent(omp_not_impex) num_tasks(2) shared(z)
    for (int i = 0; i < 2; i++) {
#pragma omp task depend(inout: z) shared(z)
      z++;
    }
#pragma omp task depend(in: z) shared(z, seen_not)
    seen_not = z;
  }
  printf("host: taskloop import sees %d %d %d %d, after taskloop export %d, through two exporting tasks %d, "
         "omp_not_impex %d\n", seen[0], seen[1], seen[2], seen[3], sum, seen_chain, seen_not);

  int w = 0, seen_device = -1;
#pragma omp target map(tofrom: w, seen_device)
#pragma omp parallel num_threads(4) shared(w, seen_device)
#pragma omp single
  {
#pragma omp task transparent(omp_export) shared(w)
    {
#pragma omp task transparent shared(w)
      {
#pragma omp task depend(out: w) shared(w)
        {
          for (volatile int k = 0; k < 2000; k++) {}
          w = 7;
        }
      }
    }
#pragma omp task depend(in: w) shared(w, seen_device)
    seen_device = w;
  }
  printf("device: through two exporting tasks %d\n", seen_device);
  return 0;
}

// KERNELS: 1
// ORACLE: expected
// WHY: OpenMP 6.0's transparent clause and omp_impex_t: gcc 12 and clang 19 know neither
/* Transparent tasks (OpenMP 6.0): the child tasks of an importing task depend on the sibling
 * tasks created before it (through a chain of importing tasks too), and the sibling tasks created
 * after an exporting task depend on its child tasks; omp_impex does both, and transparent alone
 * means omp_impex. The tasks that must come first are slow (a delay before they write), so a
 * runtime that kept each task's children in their own dependence domain would read the old
 * values. On the host, and in a target region on the device. */
#include <stdio.h>
#include <unistd.h>
#include <omp.h>
static void slowly(void) { usleep(20000); }
int main(void) {
  int x = 0, seen_import = -1, seen_chain = -1, seen_export = -1, seen_impex = -1, seen_default = -1;
#pragma omp parallel num_threads(4) shared(x, seen_import, seen_chain, seen_export, seen_impex, seen_default)
#pragma omp single
  {
#pragma omp task depend(out: x) shared(x)
    { slowly(); x = 1; }
#pragma omp task transparent(omp_import) shared(x, seen_import)
    {
#pragma omp task depend(in: x) shared(x, seen_import)
      seen_import = x;
    }
#pragma omp task transparent(omp_import) shared(x, seen_chain)
    {
#pragma omp task transparent(omp_import) shared(x, seen_chain)
      {
#pragma omp task depend(in: x) shared(x, seen_chain)
        seen_chain = x;
      }
    }
#pragma omp taskwait
#pragma omp task transparent(omp_export) shared(x)
    {
#pragma omp task depend(out: x) shared(x)
      { slowly(); x = 2; }
    }
#pragma omp task depend(in: x) shared(x, seen_export)
    seen_export = x;
#pragma omp taskwait
#pragma omp task transparent(omp_impex) shared(x)
    {
#pragma omp task depend(inout: x) shared(x)
      { slowly(); x = 3; }
    }
#pragma omp task transparent(omp_impex) shared(x, seen_impex)
    {
#pragma omp task depend(inout: x) shared(x, seen_impex)
      { seen_impex = x; x = 4; }
    }
#pragma omp task transparent shared(x)
    {
#pragma omp task depend(inout: x) shared(x)
      { slowly(); x = 5; }
    }
#pragma omp task depend(in: x) shared(x, seen_default)
    seen_default = x;
  }
  printf("host: import sees %d, through two importing tasks %d, after export %d, impex %d, transparent alone %d\n",
         seen_import, seen_chain, seen_export, seen_impex, seen_default);

  int y = 0, seen_device = -1;
#pragma omp target map(tofrom: y, seen_device)
#pragma omp parallel num_threads(4) shared(y, seen_device)
#pragma omp single
  {
#pragma omp task transparent(omp_export) shared(y)
    {
#pragma omp task depend(out: y) shared(y)
      {
        for (volatile int k = 0; k < 2000; k++) {}
        y = 7;
      }
    }
#pragma omp task depend(in: y) shared(y, seen_device)
    seen_device = y;
  }
  printf("device: after export %d\n", seen_device);
  return 0;
}

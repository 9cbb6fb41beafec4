// CLANG-CANNOT: clang 19 refuses "#pragma omp flush seq_cst" (unexpected OpenMP clause), which OpenMP 5.1 allows
/* Depend objects named by expressions (OpenMP 5.x: any lvalue of type omp_depend_t): depobj(*po),
   depobj(s->d), depend(depobj: *po), and depend items that are lvalue expressions (*p, *(a + 1));
   the tasks they order run in order. flush with a memory-order clause, seq_cst included (5.1). */
#include <stdio.h>
#include <omp.h>

struct holder { int tag; omp_depend_t d; };

int main(void) {
  int x = 0, a[4] = {0}, log[6], n = 0;
  int *p = &x;
  omp_depend_t objs[2];
  omp_depend_t *po = &objs[1];
  struct holder h = {7}, *ph = &h;
  #pragma omp depobj(*po) depend(inout: x)
  #pragma omp depobj(ph->d) depend(inout: *p)
  #pragma omp parallel num_threads(4) shared(x, n, log)
  #pragma omp single
  {
    #pragma omp task depend(depobj: *po) shared(x, n, log)
    { x = x * 10 + 1; log[n++] = 1; }
    #pragma omp task depend(depobj: ph->d) shared(x, n, log)
    { x = x * 10 + 2; log[n++] = 2; }
    #pragma omp task depend(inout: *p, *(a + 1)) shared(x, n, log, a)
    { x = x * 10 + 3; a[1] = x; log[n++] = 3; }
    #pragma omp task depend(in: *(a + 1)) shared(n, log, a)
    { a[2] = a[1] + 1; log[n++] = 4; }
    #pragma omp taskwait
  }
  printf("x=%d a1=%d a2=%d order:", x, a[1], a[2]);
  for (int i = 0; i < n; i++) printf(" %d", log[i]);
  printf("\n");
  #pragma omp depobj(*po) update(in)
  #pragma omp depobj(*po) destroy
  #pragma omp depobj(ph->d) destroy

  int flag = 0, data = 0;
  #pragma omp parallel num_threads(2) shared(flag, data)
  {
    if (omp_get_thread_num() == 0) {
      data = 42;
      #pragma omp flush seq_cst
      #pragma omp atomic write
      flag = 1;
    } else {
      int f = 0;
      while (!f) {
        #pragma omp atomic read
        f = flag;
      }
      #pragma omp flush acquire
      #pragma omp flush
      printf("flushed: %d\n", data);
    }
  }
  return 0;
}

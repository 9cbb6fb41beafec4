// KERNELS: 0
// ORACLE: clang-offload
// Dependence types between sibling tasks: mutexinoutset tasks exclude each other but follow the
// writer before them and precede the reader after; inoutset tasks may overlap; omp_all_memory
// orders against every task; depobj objects; taskwait depend waits only for those tasks. (clang:
// gcc 12 has neither inoutset nor omp_all_memory.)
#include <stdio.h>
#include <omp.h>
static volatile int busy, overlap;
static void spin(void) { for (volatile int k = 0; k < 20000; k++) { } }
int main(void) {
  int x = 0, y = 0, total = 0, seen_after = -1, all = 0, w = 0, seq[4], ns = 0;
  omp_depend_t obj;
  #pragma omp parallel num_threads(4)
  #pragma omp single
  {
    #pragma omp task depend(out: x) shared(x)
    { spin(); x = 100; }
    for (int i = 0; i < 8; i++) {
      #pragma omp task depend(mutexinoutset: x) shared(x, total)
      {
        if (busy) overlap = 1;
        busy = 1; spin(); total += x; x += 1; busy = 0;
      }
    }
    #pragma omp task depend(in: x) shared(x, seen_after)
    seen_after = x;
    for (int i = 0; i < 4; i++) {
      #pragma omp task depend(inoutset: y) shared(y)
      {
        #pragma omp atomic
        y += 2;
      }
    }
    #pragma omp task depend(out: omp_all_memory) shared(all, x, y)
    all = x + y;
    #pragma omp depobj(obj) depend(inout: w)
    #pragma omp task depend(depobj: obj) shared(w, seq, ns)
    { spin(); w = 1; seq[ns++] = 1; }
    #pragma omp depobj(obj) update(in)
    #pragma omp task depend(depobj: obj) shared(w, seq, ns)
    {
      #pragma omp critical
      seq[ns++] = 10 + w;
    }
    #pragma omp taskwait depend(in: w)
    printf("after taskwait depend(in: w): w = %d\n", w);
    #pragma omp depobj(obj) destroy
  }
  printf("mutexinoutset: total %d, x %d, overlapping %d, reader saw %d\n", total, x, overlap, seen_after);
  printf("inoutset: y %d; omp_all_memory saw %d; depobj order %d %d\n", y, all, seq[0], seq[1]);
  return 0;
}

// KERNELS: 1
// masked with filter (the thread it names runs the block), a taskloop in one (scope: 104 in
// tests/c/run, which clang 19 cannot compile), error at(execution) severity(warning) (the message on stderr, the program goes on), nothing.
#include <stdio.h>
#include <omp.h>
int main(void) {
  int who = -1, runs = 0, total = 0, dev_who = -1;
  long tl = 0;
  #pragma omp parallel num_threads(4)
  {
    #pragma omp masked filter(2)
    who = omp_get_thread_num();
    #pragma omp masked
    {
      #pragma omp atomic
      runs++;
    }
    #pragma omp for reduction(+: total)
    for (int t = 1; t <= 4; t++) total += t;
    #pragma omp masked filter(1)
    {
      #pragma omp taskloop
      for (int i = 0; i < 100; i++) {
        #pragma omp atomic
        tl += i;
      }
    }
  }
  #pragma omp nothing
  printf("masked filter(2) ran on %d; masked %d time(s); for %d; taskloop %ld\n", who, runs, total, tl);
  #pragma omp error at(execution) severity(warning) message("just a warning")
  #pragma omp target map(tofrom: dev_who)
  #pragma omp parallel num_threads(2)
  {
    #pragma omp masked filter(1)
    dev_who = omp_get_thread_num();
  }
  printf("on the device: %d\n", dev_who);
  return 0;
}

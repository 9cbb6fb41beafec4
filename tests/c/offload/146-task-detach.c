// KERNELS: 0
// detach: a task's completion waits for omp_fulfill_event as well as for its body, so a task that
// depends on it (and taskwait, and the end of a taskgroup) waits for the event too.
#include <stdio.h>
#include <omp.h>
int main(void) {
  int x = 0, y = 0, z = 0, fulfilled = 0, saw = -1, saw2 = -1;
  #pragma omp parallel num_threads(4)
  #pragma omp single
  {
    omp_event_handle_t ev, ev2;
    #pragma omp task detach(ev) shared(x) depend(out: x)
    x = 1;
    #pragma omp task depend(in: x) shared(x, y, fulfilled, saw)
    { saw = fulfilled; y = x * 10; }
    #pragma omp task firstprivate(ev) shared(fulfilled)
    {
      for (volatile int k = 0; k < 200000; k++) { }
      #pragma omp atomic write
      fulfilled = 1;
      omp_fulfill_event(ev);
    }
    #pragma omp taskgroup
    {
      #pragma omp task detach(ev2) shared(z)
      z += 1;
      #pragma omp task firstprivate(ev2) shared(saw2)
      { saw2 = 1; omp_fulfill_event(ev2); }
    }
    #pragma omp taskwait
  }
  printf("dependent task saw the event fulfilled: %d; y = %d; z = %d; taskgroup waited: %d\n", saw, y, z, saw2);
  return 0;
}

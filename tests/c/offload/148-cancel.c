// KERNELS: 0
// ENV: OMP_CANCELLATION=true
// cancel and cancellation point (OMP_CANCELLATION=true): a cancelled parallel region releases the
// threads waiting at its barrier and skips the rest; cancel for ends the loop for every thread (the
// one that cancels skips the rest of its iteration); cancel sections; cancel taskgroup discards
// the tasks that have not started.
#include <stdio.h>
#include <omp.h>
int main(void) {
  int after_barrier = 0, after_cancel = 0, found = -1, sect = 0, tasks_run = 0, data[1000];
  for (int i = 0; i < 1000; i++) data[i] = i * 7 % 1000;
  printf("cancellation: %d\n", omp_get_cancellation());
  #pragma omp parallel num_threads(4)
  {
    if (omp_get_thread_num() == 0) {
      #pragma omp cancel parallel
      after_cancel = 1;
    }
    #pragma omp barrier
    #pragma omp atomic
    after_barrier++;
  }
  #pragma omp parallel num_threads(4)
  #pragma omp for schedule(dynamic, 4)
  for (int i = 0; i < 1000; i++) {
    #pragma omp cancellation point for
    if (data[i] == 343) {
      found = i;
      #pragma omp cancel for
      found = -2;
    }
  }
  #pragma omp parallel num_threads(2)
  #pragma omp sections
  {
    #pragma omp section
    {
      #pragma omp cancel sections
      sect = 1;
    }
  }
  #pragma omp parallel num_threads(4)
  #pragma omp single
  #pragma omp taskgroup
  {
    #pragma omp task
    {
      #pragma omp cancel taskgroup
    }
    #pragma omp taskwait
    for (int i = 0; i < 100; i++) {
      #pragma omp task
      {
        #pragma omp atomic
        tasks_run++;
      }
    }
  }
  printf("parallel: %d after the barrier, %d after cancel; for: found %d; sections: %d; tasks run %d\n",
         after_barrier, after_cancel, found, sect, tasks_run);
  return 0;
}

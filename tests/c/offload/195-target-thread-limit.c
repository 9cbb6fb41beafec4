// KERNELS: 2
// thread_limit on a target construct (OpenMP 5.1) caps the threads of the teams and parallel
// regions nested in it, without a thread_limit of their own, on a device and when the region
// runs on the host (if(0)): omp_get_thread_limit() answers it there; the host's limit is back
// afterwards.
#include <stdio.h>
#include <omp.h>

static void region(int on_device, const char *where) {
  int big = 0, lim = 0;
#pragma omp target map(tofrom: big, lim) thread_limit(2) if(on_device)
#pragma omp teams num_teams(3)
#pragma omp parallel
  {
    if (omp_get_num_threads() > 2) {
#pragma omp atomic write
      big = 1;
    }
    if (omp_get_thread_num() == 0 && omp_get_team_num() == 0) lim = omp_get_thread_limit();
  }
  printf("%s: more than 2 threads %d, limit %d\n", where, big, lim);
}

int main(void) {
  region(1, "device");
  region(0, "if(0)");
  int host = 0;
#pragma omp parallel
  {
#pragma omp master
    host = omp_get_thread_limit() > 2;
  }
  printf("host limit above 2 again: %d\n", host);

  int big = 0;
#pragma omp target parallel map(tofrom: big) thread_limit(1)
  {
    if (omp_get_num_threads() > 1) big = 1;
  }
  printf("target parallel thread_limit(1): more than 1 thread %d\n", big);
  return 0;
}

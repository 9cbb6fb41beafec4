// KERNELS: 2
// exit called inside explicit tasks ends the program at once: the end of the implicit parallel
// region waits for pending tasks only when exit is called outside them (a task waiting for
// itself would never end), and the atexit handlers still run.
#include <stdio.h>
#include <stdlib.h>

static void finish(void) { printf("atexit runs\n"); }

int main(void) {
  int x = 0;
  atexit(finish);
  #pragma omp target map(tofrom: x)
  x = 42;
  #pragma omp target map(tofrom: x)
  x += 1;
  #pragma omp parallel num_threads(4)
  #pragma omp single
  {
    #pragma omp task firstprivate(x)
    { printf("task exits with %d\n", x); fflush(stdout); exit(x - 39); }
    #pragma omp taskwait
  }
  printf("not reached\n");
  return 0;
}

// STATUS: 1
// KERNELS: 1
/* error at(execution) severity(fatal) in a target region (OpenMP 5.2 §8.5): its message, then the
   program ends, on every device as on the host (libgomp's and jomp's status 1, after stdout is
   flushed; clang's libomp aborts instead). The region's later statements and the host's never run.
   A warning only prints. */
#include <stdio.h>
int main(void) {
  int x = 0;
  printf("before the region\n");
  fflush(stdout);
#pragma omp target map(tofrom : x)
  {
    x = 1;
#pragma omp error at(execution) severity(warning) message("only a warning")
    x = 2;
#pragma omp error at(execution) severity(fatal) message("the end")
    x = 3;
  }
  printf("not reached: x = %d\n", x);
  return 0;
}

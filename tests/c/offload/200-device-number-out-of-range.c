// ORACLE: clang-offload
// STATUS: 134
// KERNELS: 0
/* A device clause naming no device (one past omp_get_initial_device()) ends the program as
   libomptarget does: "Device number 'N' out of range, only M devices available", then abort()
   (status 134); OpenMP leaves such numbers unspecified. gcc 12 runs the region on the host. */
#include <omp.h>
#include <stdio.h>
int main(void) {
  int x = 1;
#pragma omp target data map(tofrom : x)
  {
    printf("inside the data region\n");
    fflush(stdout);
#pragma omp target device(omp_get_initial_device() + 1) map(tofrom : x)
    x = 2;
  }
  printf("not reached: x = %d\n", x);
  return 0;
}

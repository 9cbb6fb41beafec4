// KERNELS: 1
// ORACLE: clang-offload
// A target nowait region is a deferred target task: the host goes on while the region runs. Each
// side waits (at most 5 s) for a flag the other sets in host memory the region reaches through
// is_device_ptr (one address space on the jvm device and clang's host device). Run one after the
// other, the first to wait would time out. (gcc 12 runs the region before the construct returns.)
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
static int wait_for(volatile int *flag) {
  double t0 = omp_get_wtime();
  while (!*flag && omp_get_wtime() - t0 < 5.0) { }
  return *flag;
}
int main(void) {
  volatile int *flags = calloc(2, sizeof(int));
  int seen_host = -1, data[100];
  for (int i = 0; i < 100; i++) data[i] = i;
  #pragma omp target nowait is_device_ptr(flags) map(tofrom: seen_host, data)
  {
    flags[0] = 1;                        /* the region has started */
    seen_host = wait_for(&flags[1]);     /* and waits for the host */
    for (int i = 0; i < 100; i++) data[i] *= 2;
  }
  int seen_region = wait_for(&flags[0]);
  flags[1] = 1;
  #pragma omp taskwait
  printf("host saw the region running: %d; the region saw the host: %d; data[99] = %d\n", seen_region, seen_host, data[99]);
  free((void *) flags);
  return 0;
}

// KERNELS: 1
// ORACLE: clang-offload
// A target nowait region is a deferred target task: the host goes on while the region runs. Each
// side waits (at most 5 s) for a flag the other sets in device memory (omp_target_alloc; the host
// reads and writes it with omp_target_memcpy while the region runs). Run one after the other, the
// first to wait would time out. (gcc 12 runs the region before the construct returns.)
#include <stdio.h>
#include <omp.h>
int main(void) {
  int dev = omp_get_default_device(), host = omp_get_initial_device();
  int *flags = omp_target_alloc(2 * sizeof(int), dev), zero[2] = {0, 0}, one = 1, seen_host = -1, data[100];
  omp_target_memcpy(flags, zero, sizeof zero, 0, 0, dev, host);
  for (int i = 0; i < 100; i++) data[i] = i;
  #pragma omp target nowait is_device_ptr(flags) map(tofrom: seen_host, data)
  {
    volatile int *f = flags;
    f[0] = 1;                                   /* the region has started */
    double t0 = omp_get_wtime();
    while (!f[1] && omp_get_wtime() - t0 < 5.0) { }
    seen_host = f[1];                           /* and saw the host's flag */
    for (int i = 0; i < 100; i++) data[i] *= 2;
  }
  int started = 0;
  double t0 = omp_get_wtime();
  while (!started && omp_get_wtime() - t0 < 5.0) omp_target_memcpy(&started, flags, sizeof started, 0, 0, host, dev);
  omp_target_memcpy(flags, &one, sizeof one, sizeof(int), 0, dev, host);
  #pragma omp taskwait
  printf("host saw the region running: %d; the region saw the host: %d; data[99] = %d\n", started, seen_host, data[99]);
  omp_target_free(flags, dev);
  return 0;
}

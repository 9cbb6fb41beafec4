// KERNELS: 3
/* Globals a target region rebinds, used in regions nested inside it: a global pointer in
 * is_device_ptr (a device address from omp_target_alloc) written by a parallel loop inside the
 * region, a firstprivate global read by every thread of a nested parallel region, and a global
 * privatised by a parallel region and captured by tasks inside it. Each nested region must see
 * the rebound storage, not the global's own. */
#include <stdio.h>
#include <omp.h>
int *gp;
int scale = 3;
int counter = 100;
int main(void) {
  int dev = omp_get_default_device(), host = omp_get_initial_device();
  gp = omp_target_alloc(16 * sizeof(int), dev);
#pragma omp target is_device_ptr(gp)
  {
#pragma omp parallel for num_threads(4)
    for (int i = 0; i < 16; i++) gp[i] = i * i;
  }
  int h[16];
  omp_target_memcpy(h, gp, sizeof h, 0, 0, host, dev);
  printf("is_device_ptr: %d %d %d\n", h[1], h[7], h[15]);
  int sum = 0;
#pragma omp target firstprivate(scale) map(tofrom: sum)
  {
    scale += 1;
#pragma omp parallel for reduction(+: sum) num_threads(4)
    for (int i = 0; i < 16; i++) sum += i * scale;
  }
  printf("firstprivate global: sum %d, scale still %d\n", sum, scale);
  int total = 0;
#pragma omp target teams distribute parallel for is_device_ptr(gp) reduction(+: total) num_teams(2)
  for (int i = 0; i < 16; i++) total += gp[i];
  printf("teams over is_device_ptr: %d\n", total);
  int seen = 0;
#pragma omp parallel private(counter) num_threads(2) reduction(+: seen)
  {
    counter = omp_get_thread_num() + 1;
#pragma omp task shared(seen)
    seen += counter;
#pragma omp taskwait
  }
  printf("private global in tasks: %d, global still %d\n", seen, counter);
  omp_target_free(gp, dev);
  return 0;
}

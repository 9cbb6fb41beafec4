// KERNELS: 1
/* Device API calls used in ways that print the same on every implementation. */
#include <stdio.h>
#include <omp.h>
int main(void) {
  int ndev = omp_get_num_devices();
  int def = omp_get_default_device();
  omp_set_default_device(def);
  int same = omp_get_default_device() == def;
  int host_is_initial = omp_is_initial_device();
  int init_ok = omp_get_initial_device() == ndev; /* OpenMP 5.1: the host is device number num_devices */
  int on_device_ok = 0;
#pragma omp target map(from : on_device_ok)
  {
    int d = omp_is_initial_device();
    on_device_ok = d == 0 || d == 1;
  }
  printf("devices usable: %d, default kept: %d, host initial: %d, init ok: %d, device query ok: %d\n",
         ndev >= 0, same, host_is_initial, init_ok, on_device_ok);
  printf("max threads on the host: %d\n", omp_get_max_threads());
  return 0;
}

// ORACLE: clang-offload
// KERNELS: 1
// ENV: JOMP_PTXSIM=1
/* Device numbers (libomptarget's registerLib): the device table holds the devices an image of the
   program runs on, so the default device (0) runs the program's regions, every device number
   below omp_get_num_devices() names a device with the program's code and memory of its own, and
   omp_get_initial_device() is the host. (jomp with JOMP_PTXSIM=1 has a PTX simulator, which this
   program, compiled for one kind of device only, carries no image for: it must not be a device.) */
#include <omp.h>
#include <stdio.h>
int main(void) {
  int on_device = -1, x = 7;
#pragma omp target map(from : on_device)
  on_device = !omp_is_initial_device();
  printf("the default device runs the region: %s\n", on_device == 1 ? "yes" : "no");
  int mapped = 1, separate = 1, n = omp_get_num_devices();
  for (int d = 0; d < n; d++) {
#pragma omp target enter data map(to : x) device(d)
    mapped &= omp_target_is_present(&x, d);
    separate &= omp_get_mapped_ptr(&x, d) != &x;
#pragma omp target exit data map(delete : x) device(d)
  }
  printf("every device maps x into memory of its own: %s\n", mapped && separate ? "yes" : "no");
  printf("the host's number is the count: %s\n", omp_get_initial_device() == n ? "yes" : "no");
  int host = 0;
#pragma omp target device(omp_get_initial_device()) map(from : host)
  host = omp_is_initial_device();
  printf("device(omp_get_initial_device()) runs on the host: %s\n", host ? "yes" : "no");
  return 0;
}

// KERNELS: 4
/* device(0) and device(omp_get_default_device()) on target, data, update and enter/exit data. */
#include <stdio.h>
#include <omp.h>
int main(void) {
  int dev = omp_get_default_device();
  double a[32];
  for (int i = 0; i < 32; i++) a[i] = i;
#pragma omp target device(0) map(tofrom : a)
  for (int i = 0; i < 32; i++) a[i] *= 2;
#pragma omp target data device(dev) map(tofrom : a)
  {
#pragma omp target device(dev)
    for (int i = 0; i < 32; i++) a[i] += 1;
#pragma omp target update device(dev) from(a)
  }
#pragma omp target enter data map(to : a) device(0)
#pragma omp target teams distribute parallel for device(0)
  for (int i = 0; i < 32; i++) a[i] -= 0.5;
#pragma omp target exit data map(from : a) device(0)
  int usable = omp_get_num_devices() > 0 || 1;
#pragma omp target device(dev) map(tofrom : usable)
  usable = usable && 1;
  printf("a[0]=%g a[31]=%g usable=%d\n", a[0], a[31], usable);
  return 0;
}

// KERNELS: 2
/* use_device_ptr gives the host code the device address of mapped data, which is then passed to a
 * target region with is_device_ptr and to omp_target_memcpy. */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
int main(void) {
  int n = 40, dev = omp_get_default_device();
  float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
  for (int i = 0; i < n; i++) { x[i] = i; y[i] = 0; }
#pragma omp target data map(tofrom : x[0:n]) map(from : y[0:n])
  {
    float *dx = NULL;
#pragma omp target data use_device_ptr(x)
    dx = x;
#pragma omp target is_device_ptr(dx) map(tofrom : y[0:n])
    for (int i = 0; i < n; i++) y[i] = dx[i] * dx[i];
#pragma omp target data use_device_ptr(y)
    {
      omp_target_memcpy(y, y + 1, sizeof(float), 0, 0, dev, dev); /* device y[0] = device y[1] */
#pragma omp target is_device_ptr(y)
      y[2] = -y[2];
    }
  }
  printf("y[0]=%g y[1]=%g y[2]=%g y[39]=%g\n", y[0], y[1], y[2], y[39]);
  free(x); free(y);
  return 0;
}

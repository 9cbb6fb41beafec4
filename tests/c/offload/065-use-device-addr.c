// KERNELS: 2
/* use_device_addr on an array and has_device_addr on the target region that uses it. */
#include <stdio.h>
int main(void) {
  int a[12];
  for (int i = 0; i < 12; i++) a[i] = i;
#pragma omp target data map(tofrom : a)
  {
#pragma omp target data use_device_addr(a)
    {
#pragma omp target has_device_addr(a)
      for (int i = 0; i < 12; i++) a[i] = a[i] * a[i];
    }
#pragma omp target
    for (int i = 0; i < 12; i++) a[i] += 1;
  }
  for (int i = 0; i < 12; i++) printf("%d ", a[i]);
  printf("\n");
  return 0;
}

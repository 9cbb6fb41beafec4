// KERNELS: 3
/* if clause: if(false) runs the region on the host (no kernel launch); if(target: ...) modifier;
 * if on target data, enter/exit data and update. Maps are tofrom so the output is the same either way. */
#include <stdio.h>
int main(void) {
  int a[10], n = 10;
  for (int i = 0; i < n; i++) a[i] = i;
  for (int big = 0; big < 2; big++) {
#pragma omp target teams distribute parallel for if(target : big) map(tofrom : a)
    for (int i = 0; i < n; i++) a[i] += 10;
  }
#pragma omp target if(n > 100) map(tofrom : a)
  a[0] = -1;
#pragma omp target data map(tofrom : a) if(n > 5)
  {
#pragma omp target if(n > 5)
    a[1] = -2;
  }
#pragma omp target enter data map(to : a) if(0)
#pragma omp target update from(a) if(0)
#pragma omp target exit data map(from : a) if(0)
#pragma omp target parallel for if(target : n < 20) if(parallel : 0) map(tofrom : a)
  for (int i = 2; i < n; i++) a[i] *= 2;
  for (int i = 0; i < n; i++) printf("%d ", a[i]);
  printf("\n");
  return 0;
}

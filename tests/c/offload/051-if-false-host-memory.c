// ORACLE: clang-offload
// KERNELS: 1
/* With if(false) the region runs on the host against host memory, so even a map(to:) variable is
 * changed; with if(true) the same map(to:) keeps the device's write on the device. */
#include <stdio.h>
int main(void) {
  int v[2] = {1, 1};
  for (int on = 0; on < 2; on++) {
#pragma omp target if(on) map(to : v)
    v[on] = 50 + on;
    printf("on=%d: v = %d %d\n", on, v[0], v[1]);
  }
  return 0;
}

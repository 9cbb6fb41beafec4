// ORACLE: clang-offload
// KERNELS: 3
/* A scalar mapped tofrom inside a data region that already maps it: the result stays on the device
 * until the region ends or a target update brings it back (the classic lost-sum mistake). */
#include <stdio.h>
int main(void) {
  int a[100];
  long sum = 0;
  for (int i = 0; i < 100; i++) a[i] = i;
#pragma omp target data map(to : a) map(to : sum)
  {
#pragma omp target teams distribute parallel for reduction(+ : sum) map(tofrom : sum)
    for (int i = 0; i < 100; i++) sum += a[i];
    printf("inside, no update: sum=%ld\n", sum);
#pragma omp target update from(sum)
    printf("after update: sum=%ld\n", sum);
#pragma omp target map(tofrom : sum)
    sum *= 2;
  }
  printf("after the to-only region: sum=%ld\n", sum);
  long fresh = 0;
#pragma omp target teams distribute parallel for reduction(+ : fresh)
  for (int i = 0; i < 100; i++) fresh += a[i];
  printf("own mapping: fresh=%ld\n", fresh);
  return 0;
}

// KERNELS: 2
/* critical sections (unnamed and named) protecting compound updates on the device and on the host. */
#include <stdio.h>
#define N 3000
int main(void) {
  long sum = 0, sq = 0;
  int maxv = 0, argmax = -1;
#pragma omp target teams distribute parallel for map(tofrom : sum, sq, maxv, argmax)
  for (int i = 0; i < N; i++) {
    int v = (i * 613) % 2999;
#pragma omp critical
    {
      sum += v;
      sq += (long)v * v % 7;
    }
#pragma omp critical(best)
    if (v > maxv || (v == maxv && i < argmax)) { maxv = v; argmax = i; }
  }
  int count = 0;
#pragma omp target parallel map(tofrom : count)
  {
#pragma omp critical
    count += 1;
  }
  int hc = 0;
#pragma omp parallel
  {
#pragma omp critical
    hc += 1;
  }
  printf("sum=%ld sq=%ld max=%d at %d device threads>=1:%d host threads:%d\n", sum, sq, maxv, argmax, count >= 1, hc);
  return 0;
}

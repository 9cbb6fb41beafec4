// KERNELS: 2
/* atomic update in a device histogram, on int and double, with several update forms. */
#include <stdio.h>
#define N 20000
int main(void) {
  int bins[10] = {0};
  double total = 0;
  long long evens = 0;
#pragma omp target teams distribute parallel for map(tofrom : bins, total, evens)
  for (int i = 0; i < N; i++) {
    int b = (i * 7 + i / 3) % 10;
#pragma omp atomic
    bins[b]++;
#pragma omp atomic update
    total += 0.5;
    if (i % 2 == 0) {
#pragma omp atomic
      evens += 2;
    }
  }
  unsigned mask = 0;
#pragma omp target parallel for map(tofrom : mask)
  for (int i = 0; i < 32; i += 3) {
#pragma omp atomic
    mask |= 1u << i;
  }
  for (int i = 0; i < 10; i++) printf("%d ", bins[i]);
  printf("total=%g evens=%lld mask=%x\n", total, evens, mask);
  return 0;
}

// KERNELS: 40
/* Odd-even transposition sort: one kernel per phase, the array stays on the device. */
#include <stdio.h>
#define N 40
int main(void) {
  int v[N];
  for (int i = 0; i < N; i++) v[i] = (i * 37 + 11) % 101;
#pragma omp target data map(tofrom : v)
  for (int phase = 0; phase < N; phase++) {
#pragma omp target teams distribute parallel for firstprivate(phase)
    for (int i = phase % 2; i < N - 1; i += 2) {
      if (v[i] > v[i + 1]) { int t = v[i]; v[i] = v[i + 1]; v[i + 1] = t; }
    }
  }
  int sorted = 1;
  for (int i = 1; i < N; i++) sorted &= v[i - 1] <= v[i];
  for (int i = 0; i < N; i++) printf("%d ", v[i]);
  printf("\nsorted=%d\n", sorted);
  return 0;
}

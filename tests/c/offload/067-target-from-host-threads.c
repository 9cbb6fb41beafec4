// KERNELS: 8
/* Each host thread of a parallel for launches its own target region on its own array section. */
#include <stdio.h>
#define B 8
#define M 128
int main(void) {
  static int data[B * M];
  long part[B];
#pragma omp parallel for schedule(static, 1)
  for (int b = 0; b < B; b++) {
    long s = 0;
#pragma omp target map(tofrom : data[b * M:M]) map(tofrom : s)
    for (int i = 0; i < M; i++) {
      data[b * M + i] = b * 1000 + i;
      s += data[b * M + i];
    }
    part[b] = s;
  }
  long tot = 0;
  for (int b = 0; b < B; b++) tot += part[b];
  printf("part[0]=%ld part[7]=%ld total=%ld data[1023]=%d\n", part[0], part[7], tot, data[B * M - 1]);
  return 0;
}

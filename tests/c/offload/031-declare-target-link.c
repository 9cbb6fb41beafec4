// KERNELS: 2
/* declare target link(list): the global gets device storage only when a map clause maps it. */
#include <stdio.h>
#define N 64
double big[N];
int scale = 3;
#pragma omp declare target link(big, scale)
#pragma omp declare target
double get(int i) { return big[i] * scale; }
#pragma omp end declare target
int main(void) {
  for (int i = 0; i < N; i++) big[i] = i;
  double out[N];
#pragma omp target map(tofrom : big) map(to : scale) map(from : out)
  for (int i = 0; i < N; i++) { out[i] = get(i); big[i] += 1; }
  double s = 0;
#pragma omp target map(to : big, scale) map(tofrom : s)
  for (int i = 0; i < N; i++) s += get(i);
  printf("out[1]=%g out[63]=%g big[0]=%g s=%.6g\n", out[1], out[63], big[0], s);
  return 0;
}

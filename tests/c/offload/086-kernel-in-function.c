// KERNELS: 6
/* The same target region in a function called several times, with different arguments and
 * pointers to different arrays (stack and heap). */
#include <stdio.h>
#include <stdlib.h>
static long scale_sum(int *v, int n, int k) {
  long s = 0;
#pragma omp target teams distribute parallel for map(tofrom : v[0:n]) reduction(+ : s)
  for (int i = 0; i < n; i++) { v[i] *= k; s += v[i]; }
  return s;
}
int main(void) {
  int st[10];
  int *hp = malloc(1000 * sizeof *hp);
  for (int i = 0; i < 10; i++) st[i] = i;
  for (int i = 0; i < 1000; i++) hp[i] = 1;
  long r[6];
  r[0] = scale_sum(st, 10, 2);
  r[1] = scale_sum(hp, 1000, 3);
  r[2] = scale_sum(st + 5, 5, 10);
  r[3] = scale_sum(hp + 500, 500, 2);
  r[4] = scale_sum(st, 10, 1);
  r[5] = scale_sum(hp, 1, 7);
  for (int i = 0; i < 6; i++) printf("%ld ", r[i]);
  printf("\nst[9]=%d hp[0]=%d hp[999]=%d\n", st[9], hp[0], hp[999]);
  free(hp);
  return 0;
}

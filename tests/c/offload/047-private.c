// KERNELS: 3
/* private in target, in target parallel for and on teams: each copy starts uninitialised (set before
 * use) and is discarded; the original keeps its value. */
#include <stdio.h>
int main(void) {
  int t = 42, out[16];
  double w = 1.5;
#pragma omp target private(t) map(from : out)
  {
    t = 3;
    for (int i = 0; i < 16; i++) out[i] = t * i;
  }
  printf("t=%d out[15]=%d\n", t, out[15]);
#pragma omp target parallel for private(t, w) map(tofrom : out)
  for (int i = 0; i < 16; i++) { t = i * i; w = t + 0.5; out[i] += (int)(w * 2); }
  printf("t=%d w=%g out[15]=%d\n", t, w, out[15]);
  int tmp[4];
#pragma omp target teams distribute private(tmp) map(tofrom : out)
  for (int i = 0; i < 16; i++) {
    for (int j = 0; j < 4; j++) tmp[j] = i + j;
    out[i] = tmp[0] + tmp[3];
  }
  printf("out[0]=%d out[15]=%d\n", out[0], out[15]);
  return 0;
}

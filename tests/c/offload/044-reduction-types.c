// KERNELS: 4
/* Reductions on long long, unsigned, float, short and char-sized types in target regions. */
#include <stdio.h>
#define N 300
int main(void) {
  long long big = 0;
  unsigned u = 0xffffffffu;
  float f = 0;
  short sh = 0;
  unsigned char uc = 0;
  long lmax = 0;
#pragma omp target teams distribute parallel for reduction(+ : big) reduction(& : u) reduction(max : lmax)
  for (int i = 0; i < N; i++) {
    big += 10000000000LL + i;
    u &= ~(1u << (i % 31 == 4 ? 5 : 31));
    lmax = (long)i * i > lmax ? (long)i * i : lmax;
  }
#pragma omp target parallel for reduction(+ : f)
  for (int i = 0; i < N; i++) f += 0.5f;
#pragma omp target teams distribute parallel for reduction(+ : sh)
  for (int i = 0; i < N; i++) sh += (short)(i % 3);
#pragma omp target parallel for reduction(| : uc)
  for (int i = 0; i < 8; i++) uc |= (unsigned char)(1 << i);
  printf("big=%lld u=%x lmax=%ld f=%g sh=%d uc=%u\n", big, u, lmax, f, sh, uc);
  return 0;
}

// ORACLE: clang-offload
// KERNELS: 1
// CLANG-FLAGS: -fopenmp-version=52
/* declare target enter(list) (OpenMP 5.2, clang-19 needs -fopenmp-version=52; gcc 12 lacks it). */
#include <stdio.h>
int gcd(int a, int b);
int modulus = 97;
#pragma omp declare target enter(gcd, modulus)
int gcd(int a, int b) { return b ? gcd(b, a % b) : a; }
int main(void) {
  int g[12];
#pragma omp target teams distribute parallel for map(from : g)
  for (int i = 0; i < 12; i++) g[i] = gcd(i * 18, 84) + modulus % (i + 2);
  for (int i = 0; i < 12; i++) printf("%d ", g[i]);
  printf("\n");
  return 0;
}

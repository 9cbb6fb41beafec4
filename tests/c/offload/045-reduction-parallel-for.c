// KERNELS: 2
/* Reductions on parallel for inside target (one team), and on host parallel for around the result. */
#include <stdio.h>
#define N 2000
int main(void) {
  static int a[N];
  for (int i = 0; i < N; i++) a[i] = (i * 7919) % 1000;
  int s = 0, mx = 0, mn = 1000, x = 0;
#pragma omp target map(to : a) map(tofrom : s, mx, mn, x)
  {
#pragma omp parallel for reduction(+ : s) reduction(max : mx) reduction(min : mn) reduction(^ : x)
    for (int i = 0; i < N; i++) {
      s += a[i];
      mx = a[i] > mx ? a[i] : mx;
      mn = a[i] < mn ? a[i] : mn;
      x ^= a[i];
    }
  }
  long hs = 0;
#pragma omp parallel for reduction(+ : hs)
  for (int i = 0; i < N; i++) hs += a[i];
  int land = 1, lor = 0;
#pragma omp target parallel for map(to : a) reduction(&& : land) reduction(|| : lor)
  for (int i = 0; i < N; i++) { land = land && a[i] < 1000; lor = lor || a[i] == 999; }
  printf("s=%d host=%ld max=%d min=%d xor=%d and=%d or=%d\n", s, hs, mx, mn, x, land, lor);
  return 0;
}

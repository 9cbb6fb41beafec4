// KERNELS: 2
// ORACLE: gcc
// lastprivate of the loop iteration variables themselves: after the construct each holds the
// value a sequential run leaves in it, its last value plus its step (so past the bound), for
// every collapsed loop; on for, parallel for, distribute, simd and target teams distribute
// parallel for, ascending, descending, strided, pointer and unsigned loops; pointer loops
// stepping by more than one element (+=, p = p + n, p = n + p, -=).
#include <stdio.h>

int main(void) {
  int i, j;
  long s = 0;
  #pragma omp parallel for collapse(2) lastprivate(i, j) reduction(+: s) num_threads(3)
  for (i = 0; i < 9; i++)
    for (j = 0; j < 7; j += 2) s += i * j;
  printf("collapse(2): i=%d j=%d s=%ld\n", i, j, s);

  #pragma omp parallel num_threads(4)
  {
    #pragma omp for lastprivate(i) schedule(dynamic, 3) reduction(+: s)
    for (i = 20; i > 3; i -= 3) s += i;
  }
  printf("descending: i=%d s=%ld\n", i, s);

  unsigned u;
  static double buf[40];
  double *p;
  #pragma omp parallel for lastprivate(u, p) num_threads(4)
  for (p = buf; p < buf + 40; p += 3) { u = (unsigned)(p - buf); *p = u; }
  printf("pointer: index=%ld u=%u\n", (long)(p - buf), u);
  int n1 = 0, n2 = 0, n3 = 0;   // pointer steps: p = p + n, p = n + p, p -= n (each iteration once)
  #pragma omp parallel for reduction(+: n1) lastprivate(p)
  for (p = buf; p < buf + 40; p = p + 4) n1 += 1 + (int)(p - buf);
  #pragma omp parallel for reduction(+: n2)
  for (double *q = buf + 1; q <= buf + 39; q = 5 + q) n2 += 1 + (int)(q - buf);
  #pragma omp parallel for reduction(+: n3)
  for (double *q = buf + 39; q >= buf; q -= 2) n3 += 1 + (int)(q - buf);
  printf("pointer steps: %d %d %d index=%ld\n", n1, n2, n3, (long)(p - buf));
  #pragma omp parallel for lastprivate(u) num_threads(4)
  for (u = 7; u <= 100; u += 9) buf[u % 40] += 1;
  printf("unsigned: u=%u\n", u);

  #pragma omp simd collapse(2) lastprivate(i, j)
  for (i = 3; i < 8; i++)
    for (j = 10; j > 0; j--) s += j;
  printf("simd: i=%d j=%d s=%ld\n", i, j, s);

  int k = -1, l = -1;
  #pragma omp target teams distribute parallel for collapse(2) lastprivate(k, l) map(tofrom: k, l) num_teams(3)
  for (k = 0; k < 50; k += 7)
    for (l = 5; l < 17; l += 4) buf[k % 40] += l;
  printf("target: k=%d l=%d\n", k, l);
  int m = -1;
  #pragma omp target teams distribute lastprivate(m) map(tofrom: m)
  for (m = 1; m < 100; m += 10) buf[m % 40] += 1;
  printf("distribute: m=%d\n", m);
  return 0;
}

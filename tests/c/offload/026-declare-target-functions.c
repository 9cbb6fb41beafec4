// KERNELS: 2
/* declare target ... end declare target around functions called from target regions, including
 * a recursive one and one calling another; static functions too. */
#include <stdio.h>
#pragma omp declare target
static int sq(int x) { return x * x; }
int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
double poly(double x) { return 1.0 + x * (0.5 + x * (0.25 + x * 0.125)); }
int both(int x) { return sq(x) + fib(x % 12); }
#pragma omp end declare target
int main(void) {
  int r[20];
  double p[20];
#pragma omp target teams distribute parallel for map(from : r)
  for (int i = 0; i < 20; i++) r[i] = both(i);
#pragma omp target parallel for map(from : p)
  for (int i = 0; i < 20; i++) p[i] = poly(i / 4.0);
  long s = 0;
  double t = 0;
  for (int i = 0; i < 20; i++) { s += r[i]; t += p[i]; }
  printf("r[5]=%d r[19]=%d sum=%ld p[19]=%.6g psum=%.6g\n", r[5], r[19], s, p[19], t);
  return 0;
}

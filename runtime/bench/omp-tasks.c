#include <stdio.h>
#include <omp.h>
static long fib(int n) {
  if (n < 2) return n;
  long a, b;
  #pragma omp task shared(a) if(n > 12)
  a = fib(n - 1);
  #pragma omp task shared(b) if(n > 12)
  b = fib(n - 2);
  #pragma omp taskwait
  return a + b;
}
int main(void) {
  double t0 = omp_get_wtime();
  for (int r = 0; r < 20000; r++) {
    #pragma omp parallel num_threads(4)
    { }
  }
  double t1 = omp_get_wtime();
  #pragma omp parallel num_threads(4)
  for (int r = 0; r < 100000; r++) {
    #pragma omp barrier
  }
  double t2 = omp_get_wtime();
  long f = 0;
  #pragma omp parallel num_threads(4)
  #pragma omp single
  f = fib(27);
  double t3 = omp_get_wtime();
  long s = 0;
  #pragma omp parallel num_threads(4)
  #pragma omp single
  #pragma omp taskloop reduction(+: s) grainsize(1000)
  for (long i = 0; i < 20000000; i++) s += i % 7;
  double t4 = omp_get_wtime();
  printf("fib %ld s %ld\n", f, s);
  fprintf(stderr, "parallel regions: %.1f us each; barriers: %.2f us each; fib(27) tasks: %.3f s; taskloop 2e7: %.3f s\n",
          (t1 - t0) / 20000 * 1e6, (t2 - t1) / 100000 * 1e6, t3 - t2, t4 - t3);
  return 0;
}

// KERNELS: 3
/* target parallel: every thread takes part; per-thread work checked only through aggregates. */
#include <stdio.h>
#include <omp.h>
int main(void) {
  int bad = 0, work = 0;
#pragma omp target parallel map(tofrom : bad, work)
  {
    int t = omp_get_thread_num(), n = omp_get_num_threads();
#pragma omp atomic
    bad += !(t >= 0 && t < n && n >= 1);
#pragma omp atomic
    work += 1;
#pragma omp barrier
  }
  printf("bad ids: %d, work done by %s\n", bad, work >= 1 ? "at least one thread" : "nobody");
  int a[100];
#pragma omp target parallel for map(from : a)
  for (int i = 0; i < 100; i++) a[i] = i * 2;
  long s = 0;
#pragma omp target parallel for reduction(+ : s) map(to : a) num_threads(4)
  for (int i = 0; i < 100; i++) s += a[i];
  printf("a[99]=%d s=%ld\n", a[99], s);
  return 0;
}

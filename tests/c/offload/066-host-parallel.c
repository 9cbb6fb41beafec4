// KERNELS: 1
/* Host parallel regions outside target (OMP_NUM_THREADS=4) next to a device region. */
#include <stdio.h>
#include <omp.h>
#define N 1000
int main(void) {
  int threads = 0, inpar = 0, ids = 0;
#pragma omp parallel reduction(+ : ids)
  {
#pragma omp single
    { threads = omp_get_num_threads(); inpar = omp_in_parallel(); }
    ids += omp_get_thread_num();
  }
  printf("host: threads=%d max=%d in_parallel=%d/%d ids=%d\n", threads, omp_get_max_threads(), inpar, omp_in_parallel(), ids);
  static double a[N];
#pragma omp parallel for
  for (int i = 0; i < N; i++) a[i] = i * 0.5;
#pragma omp target teams distribute parallel for map(tofrom : a)
  for (int i = 0; i < N; i++) a[i] = a[i] * 2 + 1;
  double s = 0;
#pragma omp parallel for reduction(+ : s) schedule(dynamic, 16)
  for (int i = 0; i < N; i++) s += a[i];
  int two = 0;
#pragma omp parallel num_threads(2)
#pragma omp atomic
  two++;
  printf("s=%.6g num_threads(2) gave %d\n", s, two);
  return 0;
}

/* Kernels for the PTX simulator's speed benchmark (speed.sh): an SPMD stream triad (every
 * thread busy, full warps), an SPMD reduction (warp shuffles and atomics), and a generic-mode
 * region (one thread runs the serial part, a parallel region forks the team): how many simulated
 * thread-instructions per second each reaches. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1 << 18;
  double *a = malloc(n * sizeof(double)), *b = malloc(n * sizeof(double)), *c = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) { a[i] = i * 0.5; b[i] = 1.0 / (i + 1); c[i] = 0; }
  double sum = 0;
  long cnt = 0;
#pragma omp target data map(to : a[0:n], b[0:n]) map(tofrom : c[0:n])
  {
#pragma omp target teams distribute parallel for num_teams(64) thread_limit(256)
    for (int i = 0; i < n; i++) c[i] = a[i] + 3.0 * b[i];
#pragma omp target teams distribute parallel for reduction(+ : sum) num_teams(64) thread_limit(256)
    for (int i = 0; i < n; i++) sum += c[i] * b[i];
#pragma omp target map(tofrom : cnt)
    {
      long local = 0;
      for (int i = 0; i < n / 64; i++) local += (long) c[i] % 7;
#pragma omp parallel for reduction(+ : local) num_threads(128)
      for (int i = 0; i < n; i++) local += i & 3;
      cnt = local;
    }
  }
  printf("check %.6e %ld\n", sum, cnt);
  return 0;
}

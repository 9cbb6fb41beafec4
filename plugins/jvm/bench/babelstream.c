/* BabelStream's five kernels (copy, mul, add, triad, dot) as OpenMP target regions over arrays
 * that stay on the device (target enter data), timed on the host with omp_get_wtime.
 * Bandwidth counts the bytes each kernel must move, as BabelStream does.
 * Usage: ./babelstream [log2(N)=25] [repetitions=20] */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>

static double best[5];

static void record(int k, double t) { if (best[k] == 0 || t < best[k]) best[k] = t; }

int main(int argc, char **argv) {
  int lg = argc > 1 ? atoi(argv[1]) : 25, reps = argc > 2 ? atoi(argv[2]) : 20;
  long n = 1L << lg;
  double *a = malloc(n * sizeof(double)), *b = malloc(n * sizeof(double)), *c = malloc(n * sizeof(double));
  double scalar = 0.4, sum = 0;
  for (long i = 0; i < n; i++) { a[i] = 0.1; b[i] = 0.2; c[i] = 0.0; }
#pragma omp target enter data map(to: a[0:n], b[0:n], c[0:n])
  for (int r = 0; r < reps; r++) {
    double t = omp_get_wtime();
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n; i++) c[i] = a[i];
    record(0, omp_get_wtime() - t);
    t = omp_get_wtime();
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n; i++) b[i] = scalar * c[i];
    record(1, omp_get_wtime() - t);
    t = omp_get_wtime();
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n; i++) c[i] = a[i] + b[i];
    record(2, omp_get_wtime() - t);
    t = omp_get_wtime();
#pragma omp target teams distribute parallel for
    for (long i = 0; i < n; i++) a[i] = b[i] + scalar * c[i];
    record(3, omp_get_wtime() - t);
    t = omp_get_wtime();
    sum = 0;
#pragma omp target teams distribute parallel for reduction(+:sum)
    for (long i = 0; i < n; i++) sum += a[i] * b[i];
    record(4, omp_get_wtime() - t);
  }
#pragma omp target exit data map(from: a[0:n], b[0:n], c[0:n])
  const char *names[5] = {"copy", "mul", "add", "triad", "dot"};
  double bytes[5] = {2, 2, 3, 3, 2};
  for (int k = 0; k < 5; k++) printf("%-6s %10.1f MB/s\n", names[k], bytes[k] * n * sizeof(double) / best[k] / 1e6);
  /* a check that the kernels computed what they should (BabelStream's validation, in short) */
  double ea = 0.1, eb = 0.2, ec = 0.0;
  for (int r = 0; r < reps; r++) { ec = ea; eb = scalar * ec; ec = ea + eb; ea = eb + scalar * ec; }
  double err = (a[n / 2] - ea) * (a[n / 2] - ea) + (b[7] - eb) * (b[7] - eb) + (c[n - 1] - ec) * (c[n - 1] - ec);
  printf("check  %s (dot %.6e, expected %.6e)\n", err < 1e-12 ? "ok" : "FAILED", sum, ea * eb * n);
  free(a); free(b); free(c);
  return err < 1e-12 ? 0 : 1;
}

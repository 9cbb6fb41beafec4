/* Atomic-heavy host kernels for bench/atomics.sh: a histogram with omp atomic (contended bins),
 * a double sum with omp atomic (one contended location), an atomic capture ticket counter, a
 * multiplicative update (a compare-exchange loop), and a reduction over many short parallel loops
 * (the combination step dominates). Prints the results (checked against gcc) and the seconds of
 * each kernel, best of REPS. */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
#define N 4000000
#define REPS 3
#define PASSES 8
static unsigned char data[N];
int main(int argc, char **argv) {
  int threads = argc > 1 ? atoi(argv[1]) : 4;
  for (int i = 0; i < N; i++) data[i] = (unsigned char)((i * 2654435761u) >> 24);
  double best[5] = {1e9, 1e9, 1e9, 1e9, 1e9};
  long hist[64]; double dsum = 0; int tickets = 0; double prod = 0; long rsum = 0;
  for (int r = 0; r < REPS; r++) {
    double t0 = omp_get_wtime();
    for (int b = 0; b < 64; b++) hist[b] = 0;
    for (int p = 0; p < PASSES; p++) {
      #pragma omp parallel for num_threads(threads)
      for (int i = 0; i < N; i++) {
        #pragma omp atomic
        hist[data[i] & 63]++;
      }
    }
    double t1 = omp_get_wtime();
    dsum = 0;
    #pragma omp parallel for num_threads(threads)
    for (int i = 0; i < 2 * N; i++) {
      #pragma omp atomic
      dsum += 0.5;
    }
    double t2 = omp_get_wtime();
    tickets = 0;
    long check = 0;
    #pragma omp parallel for num_threads(threads) reduction(+:check)
    for (int i = 0; i < 2 * N; i++) {
      int t;
      #pragma omp atomic capture
      t = tickets++;
      check += t & 1;
    }
    double t3 = omp_get_wtime();
    prod = 1;
    #pragma omp parallel for num_threads(threads)
    for (int i = 0; i < N; i++) {
      #pragma omp atomic
      prod *= 1.00000001;
    }
    double t4 = omp_get_wtime();
    rsum = 0;
    for (int k = 0; k < 2000; k++) {
      #pragma omp parallel for num_threads(threads) reduction(+:rsum)
      for (int i = 0; i < 64; i++) rsum += i;
    }
    double t5 = omp_get_wtime();
    double t[5] = {t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4};
    for (int k = 0; k < 5; k++) if (t[k] < best[k]) best[k] = t[k];
    if (check != N) printf("bad check %ld\n", check);
  }
  long total = 0;
  for (int b = 0; b < 64; b++) total += hist[b];
  printf("result hist=%ld bin0=%ld dsum=%.1f tickets=%d prod=%.6f rsum=%ld\n", total, hist[0], dsum, tickets, prod, rsum);
  printf("time histogram %.4f\ntime dsum %.4f\ntime capture %.4f\ntime mul-cas %.4f\ntime reduction %.4f\n", best[0], best[1], best[2], best[3], best[4]);
  return 0;
}

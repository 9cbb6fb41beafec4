// KERNELS: 2
/* Histogram of pseudo-random bytes with atomics on the device; a second pass with per-team private
 * histograms, each team writing its own row, summed on the host. */
#include <stdio.h>
#include <omp.h>
#include <stdlib.h>
#define N 100000
#define BINS 16
int main(void) {
  unsigned char *in = malloc(N);
  unsigned s = 12345;
  for (int i = 0; i < N; i++) { s = s * 1103515245u + 12345u; in[i] = (unsigned char)(s >> 16); }
  int h1[BINS] = {0}, h2[BINS] = {0}, rows[4][BINS] = {{0}};
#pragma omp target teams distribute parallel for map(to : in[0:N]) map(tofrom : h1)
  for (int i = 0; i < N; i++) {
#pragma omp atomic
    h1[in[i] % BINS]++;
  }
#pragma omp target teams num_teams(4) map(to : in[0:N]) map(tofrom : rows)
  {
    int local[BINS] = {0};
#pragma omp distribute
    for (int i = 0; i < N; i++) local[in[i] % BINS]++;
    for (int b = 0; b < BINS; b++) rows[omp_get_team_num()][b] = local[b];
  }
  for (int t = 0; t < 4; t++)
    for (int b = 0; b < BINS; b++) h2[b] += rows[t][b];
  int same = 1, tot = 0;
  for (int b = 0; b < BINS; b++) { same &= h1[b] == h2[b]; tot += h1[b]; }
  for (int b = 0; b < BINS; b++) printf("%d ", h1[b]);
  printf("\ntotal=%d same=%d\n", tot, same);
  free(in);
  return 0;
}

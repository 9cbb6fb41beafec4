// KERNELS: 1
// collapse over non-rectangular nests (OpenMP 5.0): inner bounds that use outer loop variables,
// in worksharing loops, three levels, descending
// inner loops, taskloop, and on the device with teams distribute parallel for. Every iteration
// of the nest must run exactly once.
#include <stdio.h>
#define N 40
int main(void) {
  static int hit[N][N], hit3[12][12][12];
  long s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0;
  #pragma omp parallel for collapse(2) reduction(+: s1) num_threads(4)
  for (int i = 0; i < N; i++)
    for (int j = i; j < N; j++) { hit[i][j]++; s1 += i * N + j; }
  #pragma omp parallel for collapse(2) reduction(+: s2) num_threads(3)
  for (int i = 0; i < N; i++)
    for (int j = 0; j < i; j++) { hit[i][j]++; s2 += i - j; }
  #pragma omp parallel for collapse(3) reduction(+: s3) num_threads(4)
  for (int i = 0; i < 12; i++)
    for (int j = i; j < 12; j++)
      for (int k = j; k >= 0; k--) { hit3[i][j][k]++; s3 += i + 2 * j + 3 * k; }
  #pragma omp parallel num_threads(4)
  #pragma omp single
  #pragma omp taskloop collapse(2) reduction(+: s4) grainsize(10)
  for (long i = 1; i <= N; i++)
    for (long j = 2 * i; j < 3 * i; j++) s4 += j % 7;
  #pragma omp target teams distribute parallel for collapse(2) reduction(+: s5) map(tofrom: s5)
  for (int i = 0; i < N; i++)
    for (int j = N - 1; j > i; j--) s5 += (i + 1) * (j + 1);
  int bad = 0, ones = 0, bad3 = 0, ones3 = 0;
  for (int i = 0; i < N; i++) for (int j = 0; j < N; j++) {
    int want = 1;
    bad += hit[i][j] != want; ones += hit[i][j];
  }
  for (int i = 0; i < 12; i++) for (int j = 0; j < 12; j++) for (int k = 0; k < 12; k++) {
    int want = i <= j && k <= j;
    bad3 += hit3[i][j][k] != want; ones3 += hit3[i][j][k];
  }
  printf("2 levels: %d wrong of %d; 3 levels: %d wrong of %d\n", bad, ones, bad3, ones3);
  printf("sums %ld %ld %ld %ld %ld\n", s1, s2, s3, s4, s5);
  return 0;
}

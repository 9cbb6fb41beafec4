// KERNELS: 3
// The loop construct binds to where it is: inside parallel it shares the iterations among the
// threads (each iteration runs once; reductions combine), inside teams among the teams, with
// bind(thread) each thread runs them all; combined forms on the device.
#include <stdio.h>
#include <omp.h>
#define N 1000
static void orphan(int *a, int n) {
  #pragma omp loop bind(parallel)
  for (int i = 0; i < n; i++) a[i] += 1;
}
int main(void) {
  int a[N] = {0}, counts[8] = {0};
  long sum = 0, dsum = 0, tsum = 0;
  #pragma omp parallel num_threads(4) shared(counts)
  {
    #pragma omp loop reduction(+: sum)
    for (int i = 0; i < N; i++) { a[i] += 1; sum += i; }
    orphan(a, N);
    int mine = 0;
    #pragma omp loop bind(thread) reduction(+: mine)
    for (int i = 0; i < 10; i++) mine++;
    counts[omp_get_thread_num()] = mine;
  }
  int bad = 0;
  for (int i = 0; i < N; i++) bad += a[i] != 2;
  printf("each iteration once: %s, sum %ld, bind(thread) counts %d %d %d %d\n", bad ? "no" : "yes", sum,
         counts[0], counts[1], counts[2], counts[3]);
  #pragma omp target teams loop reduction(+: dsum) map(tofrom: a)
  for (int i = 0; i < N; i++) { a[i] *= 3; dsum += a[i]; }
  printf("target teams loop: %ld a[7] = %d\n", dsum, a[7]);
  #pragma omp target parallel loop map(tofrom: a)
  for (int i = 0; i < N; i++) a[i] -= 1;
  printf("target parallel loop: a[0] = %d a[N-1] = %d\n", a[0], a[N - 1]);
  #pragma omp target teams map(tofrom: a) num_teams(4)
  {
    #pragma omp loop
    for (int i = 0; i < N; i++) a[i] = i % 7;
  }
  for (int i = 0; i < N; i++) tsum += a[i];
  printf("loop in teams: %ld\n", tsum);
  return 0;
}

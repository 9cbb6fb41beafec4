// KERNELS: 7
/* Every schedule kind on a device parallel loop: each iteration runs exactly once whatever the kind. */
#include <stdio.h>
#include <string.h>
#define N 333
static int hits[N];
static void report(const char *kind) {
  long s = 0;
  int once = 1;
  for (int i = 0; i < N; i++) { s += hits[i]; once &= hits[i] == i % 5 + 1; }
  printf("%-20s sum=%ld each-once=%d\n", kind, s, once);
  memset(hits, 0, sizeof hits);
}
int main(void) {
#pragma omp target teams distribute parallel for map(tofrom : hits) schedule(static)
  for (int i = 0; i < N; i++) hits[i] += i % 5 + 1;
  report("static");
#pragma omp target teams distribute parallel for map(tofrom : hits) schedule(static, 7)
  for (int i = 0; i < N; i++) hits[i] += i % 5 + 1;
  report("static, 7");
#pragma omp target teams distribute parallel for map(tofrom : hits) schedule(dynamic)
  for (int i = 0; i < N; i++) hits[i] += i % 5 + 1;
  report("dynamic");
#pragma omp target parallel for map(tofrom : hits) schedule(dynamic, 3)
  for (int i = 0; i < N; i++) hits[i] += i % 5 + 1;
  report("dynamic, 3");
#pragma omp target parallel for map(tofrom : hits) schedule(guided, 4)
  for (int i = 0; i < N; i++) hits[i] += i % 5 + 1;
  report("guided, 4");
#pragma omp target parallel for map(tofrom : hits) schedule(auto)
  for (int i = 0; i < N; i++) hits[i] += i % 5 + 1;
  report("auto");
#pragma omp target parallel for map(tofrom : hits) schedule(runtime)
  for (int i = 0; i < N; i++) hits[i] += i % 5 + 1;
  report("runtime");
  return 0;
}

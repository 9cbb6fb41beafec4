/* Round trip of an empty target region (launch, no data) and of one with a small map, averaged
 * over many launches after a warm-up. Usage: ./empty-target [launches=20000] */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 20000;
  int x = 0;
  for (int i = 0; i < n / 10; i++) {
#pragma omp target
    { }
  }
  double t = omp_get_wtime();
  for (int i = 0; i < n; i++) {
#pragma omp target
    { }
  }
  double empty = (omp_get_wtime() - t) / n;
  t = omp_get_wtime();
  for (int i = 0; i < n; i++) {
#pragma omp target map(tofrom: x)
    { x++; }
  }
  double mapped = (omp_get_wtime() - t) / n;
  printf("empty  %8.2f us\nmapped %8.2f us\n", empty * 1e6, mapped * 1e6);
  return x == n ? 0 : 1;
}

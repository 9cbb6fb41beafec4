// Host OpenMP through the lowering: collapse with guided chunks, ordered, single, lastprivate (host teams are left out: libomp may give fewer teams than asked).
#include <stdio.h>
#include <omp.h>
int main(void) {
  long s = 0; int a[1000];
  #pragma omp parallel for collapse(2) reduction(+:s) schedule(guided, 3)
  for (int i = 0; i < 40; i++) for (int j = 0; j < 25; j++) { a[i*25+j] = i ^ j; s += a[i*25+j]; }
  int order[10], pos = 0;
  #pragma omp parallel for ordered schedule(static, 1)
  for (int k = 0; k < 10; k++) {
    #pragma omp ordered
    order[pos++] = k;
  }
  int ok = 1; for (int k = 0; k < 10; k++) ok &= order[k] == k;
  int nt = 0, last = -1;
  #pragma omp parallel
  {
    #pragma omp single
    nt = omp_get_num_threads();
    #pragma omp for lastprivate(last)
    for (int q = 0; q < 77; q++) last = q;
  }
  printf("%ld %d %d %d\n", s, ok, nt, last);
  return 0;
}

// KERNELS: 1
// ORACLE: clang-offload
// tile sizes(...) where it stands (OpenMP 5.1): the tiles in order, each tile's iterations in
// order, partial tiles at the ends; two and one levels, a descending loop, in a target region.
// (gcc 12 has no tile.)
#include <stdio.h>
int main(void) {
  char seq[200];
  int n = 0;
  #pragma omp tile sizes(2, 3)
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < 4; j++) { seq[n++] = (char) ('0' + i); seq[n++] = (char) ('0' + j); seq[n++] = ' '; }
  seq[n] = 0;
  printf("%s\n", seq);
  int k, last = 0;
  #pragma omp tile sizes(4)
  for (k = 10; k > 0; k -= 3) last = last * 100 + k;
  printf("%d\n", last);
  long d = 0;
  #pragma omp target map(tofrom: d)
  {
    #pragma omp tile sizes(3, 3)
    for (int i = 0; i < 7; i++)
      for (int j = 0; j < 8; j++) d = (d * 31 + i * 8 + j) % 1000003;
  }
  printf("%ld\n", d);
  return 0;
}

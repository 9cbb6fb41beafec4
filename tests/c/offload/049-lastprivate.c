// KERNELS: 3
/* lastprivate: the value from the sequentially last iteration comes back. */
#include <stdio.h>
int main(void) {
  int last = -1, a[100];
  double lastd = 0;
#pragma omp target parallel for lastprivate(last, lastd) map(from : a) map(tofrom : last, lastd)
  for (int i = 0; i < 100; i++) { a[i] = i * 3; last = a[i] + 1; lastd = i * 0.5; }
  printf("last=%d lastd=%g\n", last, lastd);
  int li = 0;
#pragma omp target teams distribute parallel for lastprivate(li) map(tofrom : li)
  for (int i = 0; i < 77; i++) li = i * i;
  printf("li=%d\n", li);
  int j = 0, k = 0;
#pragma omp target simd lastprivate(k) map(tofrom : k)
  for (j = 0; j < 50; j += 7) k = j;
  printf("k=%d\n", k);
  return 0;
}

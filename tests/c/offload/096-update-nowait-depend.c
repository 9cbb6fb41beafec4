// KERNELS: 3
/* target update as a deferred task (nowait + depend) between kernels that also run deferred. */
#include <stdio.h>
#define N 512
int main(void) {
  static int a[N];
  int first = 0, second = 0;
#pragma omp target enter data map(alloc : a)
#pragma omp target nowait depend(out : a) map(alloc : a)
  for (int i = 0; i < N; i++) a[i] = i;
#pragma omp target update from(a) nowait depend(in : a)
#pragma omp taskwait
  first = a[N - 1];
  for (int i = 0; i < N; i++) a[i] = 1;
#pragma omp target update to(a) nowait depend(out : a)
#pragma omp target teams distribute parallel for nowait depend(inout : a)
  for (int i = 0; i < N; i++) a[i] += i;
#pragma omp target nowait depend(in : a) map(tofrom : second)
  for (int i = 0; i < N; i++) second += a[i];
#pragma omp taskwait
#pragma omp target exit data map(from : a)
  printf("first=%d second=%d a[10]=%d\n", first, second, a[10]);
  return 0;
}

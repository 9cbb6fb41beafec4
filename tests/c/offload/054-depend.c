// KERNELS: 4
/* depend on deferred target tasks orders them: a chain out -> inout -> in, with a host task between. */
#include <stdio.h>
#define N 1000
int main(void) {
  static int a[N], b[N];
  int flag = 0;
#pragma omp target nowait depend(out : a) map(from : a)
  for (int i = 0; i < N; i++) a[i] = i;
#pragma omp target nowait depend(inout : a) map(tofrom : a)
  for (int i = 0; i < N; i++) a[i] *= 3;
#pragma omp task depend(inout : a) shared(a, flag)
  { flag = a[N - 1]; a[0] = 5; }
#pragma omp target nowait depend(in : a) depend(out : b) map(to : a) map(from : b)
  for (int i = 0; i < N; i++) b[i] = a[i] + 1;
#pragma omp target nowait depend(inout : b) map(tofrom : b)
  for (int i = 0; i < N; i++) b[i] *= 2;
#pragma omp taskwait
  long s = 0;
  for (int i = 0; i < N; i++) s += b[i];
  printf("flag=%d b[0]=%d b[999]=%d s=%ld\n", flag, b[0], b[999], s);
  return 0;
}

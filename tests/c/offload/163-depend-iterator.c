// KERNELS: 1
// The iterator modifier of depend (OpenMP 5.0): a task waits for every producer its iterated
// dependences name (a reverse, strided range of two iterators too), and a target nowait region
// reads what the tasks made; affinity with an iterator is a hint.
#include <stdio.h>
#define N 8
int main(void) {
  int a[N], b[N], sum = 0, pos = 0, order[N + 2];
  for (int i = 0; i < N; i++) { a[i] = 0; b[i] = 0; }
  #pragma omp parallel num_threads(4)
  #pragma omp single
  {
    for (int i = 0; i < N; i++) {
      #pragma omp task depend(out: a[i]) shared(a, order, pos)
      {
        a[i] = i + 1;
        #pragma omp critical
        order[pos++] = i;
      }
    }
    #pragma omp task depend(iterator(j = 0 : N), in: a[j]) shared(a, sum, order, pos)
    {
      for (int j = 0; j < N; j++) sum += a[j];
      #pragma omp critical
      order[pos++] = 100;
    }
    #pragma omp target map(to: a) map(from: b) depend(iterator(int j = N - 1 : -1 : -2, k = 0 : 2), in: a[j - k]) nowait
    for (int j = 0; j < N; j++) b[j] = 3 * a[j];
    #pragma omp task depend(iterator(j = 0 : N), inout: a[j]) affinity(iterator(j = 0 : N) : a[j]) shared(a, order, pos)
    {
      for (int j = 0; j < N; j++) a[j] *= 10;
      #pragma omp critical
      order[pos++] = 200;
    }
    #pragma omp taskwait
  }
  int bs = 0;
  for (int i = 0; i < N; i++) bs += b[i];
  printf("sum %d; after the producers: %d then %d; b sum %d; a[7] %d\n", sum, order[N], order[N + 1], bs, a[7]);
  return 0;
}

// KERNELS: 11
// Target tasks ordered by dependences: enter data, kernels, update and exit data with nowait and
// depend run in dependence order on helper threads; host tasks take part in the same graph; a
// target construct with depend but no nowait waits for its predecessors; taskwait waits for all.
#include <stdio.h>
#include <omp.h>
#define N 256
int main(void) {
  double a[N], b[N], host_sum = 0;
  for (int i = 0; i < N; i++) { a[i] = i; b[i] = 0; }
  #pragma omp target enter data map(to: a, b) nowait depend(out: a, b)
  #pragma omp target teams distribute parallel for nowait depend(inout: a)
  for (int i = 0; i < N; i++) a[i] = a[i] * 2;
  #pragma omp target teams distribute parallel for nowait depend(in: a) depend(out: b)
  for (int i = 0; i < N; i++) b[i] = a[i] + 1;
  #pragma omp target update from(b) nowait depend(inout: b)
  #pragma omp task depend(in: b) shared(b, host_sum)
  for (int i = 0; i < N; i++) host_sum += b[i];
  #pragma omp target depend(inout: a)
  for (int i = 0; i < N; i++) a[i] += 0.5;
  #pragma omp target exit data map(from: a) map(release: b) nowait depend(inout: a, b)
  #pragma omp taskwait
  printf("host task saw %.1f; a[1] = %.1f, a[N-1] = %.1f, b[N-1] = %.1f\n", host_sum, a[1], a[N - 1], b[N - 1]);
  int v = 0;
  #pragma omp parallel num_threads(4)
  #pragma omp single
  for (int k = 0; k < 8; k++) {
    #pragma omp target map(tofrom: v) nowait depend(inout: v)
    v = v * 2 + 1;
  }
  printf("eight dependent target tasks from a parallel region: %d\n", v);
  return 0;
}

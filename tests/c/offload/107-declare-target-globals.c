// ORACLE: clang-offload
// KERNELS: 5
// CLANG-FLAGS: -fopenmp-version=52
/* declare target globals (OpenMP 5.2 §7.8): arrays without an initializer inside begin/end
   declare target (tentative definitions) have one device copy, which every region and device
   function sees; block-scope declare target enter(static local); device_type(nohost) functions
   exist only on the device and device_type(host) ones only on the host. */
#include <stdio.h>
#define N 8
#pragma omp begin declare target
int a[N];
int hits;
void fill(int k) { a[k] = k * k; hits++; }
#pragma omp end declare target
int twice(int x) { return 2 * x; }
#pragma omp declare target enter(twice) device_type(nohost)
#pragma omp begin declare target device_type(nohost)
int quad(int x) { return twice(twice(x)); }
#pragma omp end declare target
int host_sum(int x) { return x + 1000; }
#pragma omp declare target enter(host_sum) device_type(host)
int counter(void) {
  static int calls = 0;
#pragma omp declare target enter(calls)
  int r;
#pragma omp target map(from: r)
  r = ++calls;
  return r;
}
int main(void) {
#pragma omp target
  for (int i = 0; i < N; i++) fill(i);
#pragma omp target
  for (int i = 0; i < N; i++) a[i] += 1;
  int c1 = counter(), c2 = counter();
#pragma omp target update from(a, hits)
  printf("a[3]=%d a[7]=%d hits=%d counter=%d,%d,%d\n", a[3], a[7], hits, c1, c2, counter());
  printf("host only: %d\n", host_sum(a[1]));
  return 0;
}

// KERNELS: 2
// ORACLE: expected
// WHY: gcc 12 has no omp_target_memcpy_async (the link fails; without the copy it ends the program before its deferred target tasks run), and clang 19's program dies with SIGSEGV at exit (libomptarget unloads while its helper threads still run the target tasks); the expected output is gcc's for the same program with the regions and the copy synchronous.
// main returns while target nowait regions and an omp_target_memcpy_async copy are still pending:
// the implicit parallel region ends first (OpenMP 5.2: its tasks complete before it ends), so the
// regions run to their end and the copy lands before the atexit handlers run.
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>

enum { N = 4096 };
static int h[N], back[N];
static long sum, mix;

static void report(void) {
  long s = 0;
  for (int i = 0; i < N; i++) s += back[i];
  printf("atexit: sum=%ld mix=%ld copied=%ld\n", sum, mix, s);
}

int main(void) {
  atexit(report);
  for (int i = 0; i < N; i++) h[i] = i % 7;
  int dev = omp_get_default_device(), host = omp_get_initial_device();
  int *d = omp_target_alloc(sizeof h, dev), *d2 = omp_target_alloc(sizeof h, dev);
  omp_target_memcpy(d, h, sizeof h, 0, 0, dev, host);
  omp_target_memcpy(d2, h, sizeof h, 0, 0, dev, host);
  #pragma omp target nowait is_device_ptr(d) map(tofrom: sum)
  {
    long s = 0;
    for (int k = 0; k < 300; k++)
      for (int i = 0; i < N; i++) s += d[i] ^ (k & 3);
    sum = s;
  }
  #pragma omp target nowait is_device_ptr(d) map(tofrom: mix)
  {
    long m = 0;
    for (int k = 0; k < 200; k++)
      for (int i = 0; i < N; i++) m = (m * 3 + d[i] + k) % 1000003;
    mix = m;
  }
  omp_target_memcpy_async(back, d2, sizeof back, 0, 0, host, dev, 0, NULL);
  printf("main returns\n");
  return 0;
}

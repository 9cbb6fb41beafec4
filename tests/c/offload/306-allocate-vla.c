// ORACLE: clang-offload
// KERNELS: 1
/* The allocate directive on variable-length arrays: the allocator's alignment trait and the align
   clause hold for a VLA as for any local (OpenMP 5.2 §6.6), in a loop whose VLAs change size, in
   a nested block and in a target region; the arrays hold what is stored in them. gcc 12 does not
   implement the allocate directive. */
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#define MIS(p, a) ((int)((uintptr_t)(p) % (a)) != 0)
static int fill(int *v, int n, int k) {
  int s = 0;
  for (int i = 0; i < n; i++) v[i] = i * k;
  for (int i = 0; i < n; i++) s += v[i];
  return s;
}
int main(void) {
  omp_alloctrait_t traits[1] = {{omp_atk_alignment, 256}};
  omp_allocator_handle_t a = omp_init_allocator(omp_default_mem_space, 1, traits);
  int bad = 0, sum = 0;
  for (int n = 1; n < 40; n += 6) {
    char pad = (char)n;
    int v[n];
    double w[n + 1];
#pragma omp allocate(v, w) allocator(a)
    bad += MIS(v, 256) + MIS(w, 256);
    sum += fill(v, n, 3) + pad;
    {
      short u[2 * n];
#pragma omp allocate(u) align(128)
      bad += MIS(u, 128);
      for (int i = 0; i < 2 * n; i++) u[i] = (short)i;
      sum += u[2 * n - 1];
    }
  }
  printf("host: misaligned %d, sum %d\n", bad, sum);
  int dev_bad = -1, dev_sum = 0, m = 17;
#pragma omp target map(from : dev_bad, dev_sum) firstprivate(m)
  {
    int t[m];
#pragma omp allocate(t) align(64)
    dev_bad = MIS(t, 64);
    dev_sum = fill(t, m, 2);
  }
  printf("device: misaligned %d, sum %d\n", dev_bad, dev_sum);
  omp_destroy_allocator(a);
  return 0;
}

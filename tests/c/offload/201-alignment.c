// ORACLE: clang-offload
// KERNELS: 2
/* Alignment as C and OpenMP 5.2 promise it: _Alignas on globals and statics (up to a page), on the
   host, in a declare target image and for the device's own copies; the alignment trait of an
   allocator made by omp_init_allocator, for omp_alloc, for private copies of an allocate clause,
   for locals of an allocate directive, and for an allocator made in a target region by
   uses_allocators. gcc 12 implements neither uses_allocators nor the allocate directive. */
#include <omp.h>
#include <stdint.h>
#include <stdio.h>
#define MIS(p, a) ((int)((uintptr_t)(p) % (a)) != 0)
_Alignas(128) static char small[3];
_Alignas(256) char initialised[5] = {1};
_Alignas(4096) int page[4];
char after = 1;
#pragma omp declare target
_Alignas(512) double device_global[2];
static _Alignas(64) int device_static;
#pragma omp end declare target
int main(void) {
  static _Alignas(1024) short local_static[2];
  int bad = MIS(small, 128) + MIS(initialised, 256) + MIS(page, 4096) + MIS(local_static, 1024) + MIS(device_global, 512);
  printf("host globals misaligned: %d\n", bad);
  int dev = -1;
#pragma omp target map(from : dev)
  dev = MIS(device_global, 512) + MIS(&device_static, 64);
  printf("device globals misaligned: %d\n", dev);
  omp_alloctrait_t traits[1] = {{omp_atk_alignment, 2048}};
  omp_allocator_handle_t a = omp_init_allocator(omp_default_mem_space, 1, traits);
  bad = 0;
  for (int i = 1; i < 100; i += 7) {
    void *p = omp_alloc(i, a);
    bad += MIS(p, 2048);
    omp_free(p, a);
  }
  int x = 5, y[3] = {1, 2, 3}, wrong = 0;
#pragma omp parallel num_threads(4) firstprivate(x) private(y) allocate(a : x, y) reduction(+ : bad, wrong)
  {
    int z = x;
#pragma omp allocate(z) allocator(a)
    bad += MIS(&x, 2048) + MIS(y, 2048) + MIS(&z, 2048);
    wrong += z != 5;
  }
  printf("host allocations misaligned: %d, wrong copies: %d\n", bad, wrong);
  omp_allocator_handle_t b = omp_null_allocator;
  int dbad = -1, copied = 0;
#pragma omp target map(from : dbad, copied) uses_allocators(b(traits)) firstprivate(x) allocate(b : x)
  {
    dbad = MIS(&x, 2048);
    copied = x == 5;
    for (int i = 1; i < 50; i += 7) {
      void *p = omp_alloc(i, b);
      dbad += MIS(p, 2048);
      omp_free(p, b);
    }
  }
  printf("device allocations misaligned: %d, copy right: %d\n", dbad, copied);
  omp_destroy_allocator(a);
  return after - 1;
}

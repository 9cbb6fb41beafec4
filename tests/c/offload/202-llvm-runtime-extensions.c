// ORACLE: clang-offload
// KERNELS: 2
/* LLVM's own runtime entry points, as clang 19 programs use them: omp.h brings <stdlib.h> and
   <stdint.h>; memory of a kind (llvm_omp_target_alloc_device/host/shared and their frees, the
   llvm_omp_target_*_mem_alloc allocators and an allocator on llvm_omp_target_shared_mem_space),
   host memory locked for the device, __tgt_set_info_flag turning the launch reports off and on,
   libomp's kmp_* settings and ompx.h's thread numbers and block barrier. gcc has none of them. */
#include <omp.h>
#include <ompx.h>
#include <stdio.h>
void *llvm_omp_target_alloc_device(size_t, int);
void *llvm_omp_target_alloc_host(size_t, int);
void *llvm_omp_target_alloc_shared(size_t, int);
void llvm_omp_target_free_device(void *, int);
void llvm_omp_target_free_host(void *, int);
void llvm_omp_target_free_shared(void *, int);
void *llvm_omp_target_lock_mem(void *, size_t, int);
void llvm_omp_target_unlock_mem(void *, int);
void __tgt_set_info_flag(uint32_t);
enum { N = 64 };
int main(void) {
  int dev = omp_get_default_device(), host = omp_get_initial_device();
  int32_t *d = llvm_omp_target_alloc_device(N * sizeof(int32_t), dev);
  int64_t *h = llvm_omp_target_alloc_host(N * sizeof(int64_t), dev), *s = llvm_omp_target_alloc_shared(N * sizeof(int64_t), dev);
  for (int i = 0; i < N; i++) h[i] = i, s[i] = 2 * i;
#pragma omp target teams distribute parallel for is_device_ptr(d, h, s)
  for (int i = 0; i < N; i++) { d[i] = (int32_t)(h[i] + s[i]); s[i] = -s[i]; }
  int32_t back[N];
  omp_target_memcpy(back, d, sizeof back, 0, 0, host, dev);
  long sum = 0;
  for (int i = 0; i < N; i++) sum += back[i] + s[i];
  printf("device, host and shared memory: %ld\n", sum);
  llvm_omp_target_free_device(d, dev), llvm_omp_target_free_host(h, dev), llvm_omp_target_free_shared(s, dev);
  omp_memspace_handle_t space = llvm_omp_target_shared_mem_space;
  omp_allocator_handle_t a = omp_init_allocator(space, 0, NULL);
  double *x = omp_alloc(N * sizeof(double), llvm_omp_target_shared_mem_alloc), *y = omp_alloc(N * sizeof(double), a);
  for (int i = 0; i < N; i++) x[i] = i, y[i] = 0;
  __tgt_set_info_flag(0);   /* no launch report for this kernel */
#pragma omp target teams distribute parallel for is_device_ptr(x, y)
  for (int i = 0; i < N; i++) y[i] = 2 * x[i];
  __tgt_set_info_flag(0x10);
  double t = 0;
  for (int i = 0; i < N; i++) t += y[i];
  printf("shared allocators: %g; handles %d %d\n", t, (int)llvm_omp_target_device_mem_alloc, (int)llvm_omp_target_host_mem_space);
  omp_free(x, llvm_omp_target_shared_mem_alloc), omp_free(y, a);
  omp_destroy_allocator(a);
  int buf[4] = {1, 2, 3, 4};
  void *locked = llvm_omp_target_lock_mem(buf, sizeof buf, dev);
  printf("locked: %s; zero bytes: %s\n", locked == buf ? "the host address" : "another address",
         llvm_omp_target_lock_mem(buf, 0, dev) == NULL ? "NULL" : "memory");
  llvm_omp_target_unlock_mem(buf, dev);
  printf("kmp: version %d.%d, stack %d, blocktime %d, library %d, max proc ok %d\n", KMP_VERSION_MAJOR, KMP_VERSION_MINOR,
         kmp_get_stacksize() > 0, kmp_get_blocktime(), kmp_get_library(), kmp_get_affinity_max_proc() >= 0);
  kmp_set_blocktime(7), kmp_set_library_serial();
  printf("kmp: blocktime %d, library %d\n", kmp_get_blocktime(), kmp_get_library());
  void *m = kmp_aligned_malloc(100, 256);
  printf("kmp_aligned_malloc: %d\n", (int)((uintptr_t)m % 256));
  kmp_free(m);
  int same = 0, barrier_ok = 1, counts[8] = {0};
#pragma omp target parallel num_threads(8) map(tofrom : same, barrier_ok, counts)
  {
    int me = ompx_thread_id_x();
#pragma omp atomic
    same += me == omp_get_thread_num();
    counts[me] = 1;
    ompx_sync_block_acq_rel();
    for (int i = 0; i < omp_get_num_threads(); i++) if (!counts[i]) barrier_ok = 0;
  }
#pragma omp parallel num_threads(3)
  if (ompx_block_id_x() != 0 || ompx_grid_dim_x() != 1 || ompx_thread_id_x() != omp_get_thread_num()) same = -100;
  printf("ompx: thread numbers %s, block barrier %s\n", same >= 1 ? "agree" : "differ", barrier_ok ? "holds" : "broken");
  return 0;
}

// KERNELS: 1
// ORACLE: clang-offload
// omp_target_memcpy_async, omp_target_memset_async and omp_target_memcpy_rect_async are deferred
// target tasks ordered by the depend objects they take: the first copy waits for a task that
// itself waits (at most 5 s) for a flag the host sets after the call, so a copy made at the call
// would either copy the array before the task fills it or never let the host set the flag in
// time. (gcc 12 has no omp_target_memset_async.)
#include <stdio.h>
#include <omp.h>
#define N 64
int main(void) {
  int dev = omp_get_default_device(), host = omp_get_initial_device();
  int a[N], b[N], r[4][4], x = 0, flag = 0, seen = -1;
  int *d = omp_target_alloc(N * sizeof(int), dev), *d2 = omp_target_alloc(N * sizeof(int), dev);
  for (int i = 0; i < N; i++) { a[i] = -1; b[i] = -1; }
  omp_depend_t o;
  #pragma omp depobj(o) depend(inout: x)
  #pragma omp parallel num_threads(2)
  #pragma omp single
  {
    #pragma omp task depend(out: x) shared(flag, a, seen)
    {
      int f = 0;
      double t0 = omp_get_wtime();
      while (!f && omp_get_wtime() - t0 < 5.0) {
        #pragma omp atomic read
        f = flag;
      }
      seen = f;
      for (int i = 0; i < N; i++) a[i] = i;
    }
    int rc1 = omp_target_memcpy_async(d, a, sizeof a, 0, 0, dev, host, 1, &o);
    #pragma omp atomic write
    flag = 1;
    void *p = omp_target_memset_async(d2, 0, N * sizeof(int), dev, 1, &o);
    #pragma omp target is_device_ptr(d, d2) depend(inout: x) nowait
    for (int i = 0; i < N; i++) d2[i] += 3 * d[i];
    int rc2 = omp_target_memcpy_async(b, d2, sizeof b, 0, 0, host, dev, 1, &o);
    size_t vol[2] = {4, 4}, dst_off[2] = {0, 0}, src_off[2] = {2, 3}, dst_dim[2] = {4, 4}, src_dim[2] = {8, 8};
    int rc3 = omp_target_memcpy_rect_async(r, d2, sizeof(int), 2, vol, dst_off, src_off, dst_dim, src_dim, host, dev, 1, &o);
    #pragma omp taskwait
    printf("rc %d %d %d, memset returned its pointer: %d\n", rc1, rc2, rc3, p == d2);
  }
  #pragma omp depobj(o) destroy
  long sum = 0;
  for (int i = 0; i < N; i++) sum += b[i];
  printf("the task saw the host's flag: %d; b[0] %d b[63] %d sum %ld\n", seen, b[0], b[N - 1], sum);
  for (int i = 0; i < 4; i++) printf("r[%d] = %d %d %d %d\n", i, r[i][0], r[i][1], r[i][2], r[i][3]);
  omp_target_free(d, dev);
  omp_target_free(d2, dev);
  return 0;
}

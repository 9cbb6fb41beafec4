// KERNELS: 6
// ORACLE: expected
// WHY: OpenMP 6.0 routines: gcc 12 and clang 19 declare none of omp_get_device_memspace,
// WHY: omp_get_device_allocator and the other memory-space and allocator retrieving routines,
// WHY: omp_get_memspace_num_resources, omp_get_memspace_pagesize, omp_get_submemspace or omp_null_mem_space
/* OpenMP 6.0's memory spaces of devices: a device's memory space gives device memory that a
 * target region uses through is_device_ptr (written there, copied back with omp_target_memcpy),
 * zeroed by omp_calloc, kept by omp_realloc, with the traits of omp_init_allocator on it
 * (alignment, a pool with null_fb); the same devices give the same handles; the device and host
 * space's memory is one address on both (the host writes, the device adds, the host reads); the
 * host's own is the predefined space; omp_get_submemspace of its one resource, page sizes; a
 * device number that is not one gives omp_null_mem_space and omp_null_allocator. No device
 * numbers are printed. */
#include <stdint.h>
#include <stdio.h>
#include <omp.h>
#define N 64
int main(void) {
  int dev = omp_get_default_device(), host = omp_get_initial_device();
  omp_memspace_handle_t ms = omp_get_device_memspace(dev, omp_default_mem_space);
  printf("device space: not null %d, same again %d, through the list form %d, other than the host's %d\n",
         ms != omp_null_mem_space, ms == omp_get_device_memspace(dev, omp_default_mem_space),
         ms == omp_get_devices_memspace(1, &dev, omp_default_mem_space),
         ms != omp_get_device_memspace(host, omp_default_mem_space));

  omp_allocator_handle_t a = omp_get_device_allocator(dev, omp_default_mem_space);
  int *p = (int *) omp_alloc(N * sizeof(int), a);
  omp_allocator_handle_t again = omp_get_device_allocator(dev, omp_default_mem_space);
  printf("device allocator: not null %d, same again %d, block %d\n", a != omp_null_allocator, a == again,
         p != NULL);
#pragma omp target is_device_ptr(p) device(dev)
  for (int i = 0; i < N; i++) p[i] = i * i;
  int back[N], sum = 0;
  omp_target_memcpy(back, p, sizeof back, 0, 0, host, dev);
  for (int i = 0; i < N; i++) sum += back[i] == i * i;
  printf("written on the device, copied back: %d of %d\n", sum, N);

  p = (int *) omp_realloc(p, 2 * N * sizeof(int), a, a);
  int kept = 0;
#pragma omp target is_device_ptr(p) device(dev) map(tofrom: kept)
  {
    for (int i = 0; i < N; i++) kept += p[i] == i * i;
    for (int i = N; i < 2 * N; i++) p[i] = 1;
  }
  omp_free(p, omp_null_allocator); /* the block's allocator is found */
  printf("realloc keeps %d of %d\n", kept, N);

  int *z = (int *) omp_calloc(N, sizeof(int), a), zeros = 0;
#pragma omp target is_device_ptr(z) device(dev) map(tofrom: zeros)
  for (int i = 0; i < N; i++) zeros += z[i] == 0;
  omp_free(z, a);
  printf("calloc on the device: %d of %d zero\n", zeros, N);

  omp_alloctrait_t traits[] = {{omp_atk_alignment, 256}, {omp_atk_pool_size, 1024}, {omp_atk_fallback, omp_atv_null_fb}};
  omp_allocator_handle_t t = omp_init_allocator(ms, 3, traits);
  char *b1 = (char *) omp_alloc(800, t), *b2 = (char *) omp_alloc(800, t);
  printf("traits on the device space: aligned %d, pool exhausted gives NULL %d\n", ((uintptr_t) b1 & 255) == 0, b2 == NULL);
#pragma omp target is_device_ptr(b1) device(dev)
  for (int i = 0; i < 800; i++) b1[i] = (char) i;
  omp_free(b1, t);
  b2 = (char *) omp_alloc(800, t);
  printf("the freed block returns to the pool: %d\n", b2 != NULL);
  omp_free(b2, t);
  omp_destroy_allocator(t);

  omp_allocator_handle_t s = omp_get_device_and_host_allocator(dev, omp_default_mem_space);
  int *q = (int *) omp_alloc(N * sizeof(int), s);
  for (int i = 0; i < N; i++) q[i] = i;
#pragma omp target is_device_ptr(q) device(dev)
  for (int i = 0; i < N; i++) q[i] += 100;
  sum = 0;
  for (int i = 0; i < N; i++) sum += q[i] == i + 100;
  omp_free(q, s);
  printf("device and host memory: %d of %d seen on both\n", sum, N);

  omp_allocator_handle_t all = omp_get_devices_all_allocator(omp_default_mem_space);
  int *r = (int *) omp_alloc(sizeof(int), all);
  *r = 5;
#pragma omp target is_device_ptr(r) device(dev)
  *r *= 3;
  printf("all devices' memory: %d, its space not null %d\n", *r,
         omp_get_devices_all_memspace(omp_default_mem_space) != omp_null_mem_space);
  omp_free(r, all);

  printf("host's own: the predefined space %d, its allocator %d\n",
         omp_get_device_memspace(host, omp_large_cap_mem_space) == omp_large_cap_mem_space,
         omp_get_device_allocator(omp_initial_device, omp_default_mem_space) == omp_default_mem_alloc);
  int zero = 0;
  printf("resources %d, submemspace of resource 0 %d, of none %d, page size a power of two %d\n",
         omp_get_memspace_num_resources(ms), omp_get_submemspace(ms, 1, &zero) == ms,
         omp_get_submemspace(ms, 0, &zero) == omp_null_mem_space,
         omp_get_memspace_pagesize(ms) > 0 && (omp_get_memspace_pagesize(ms) & (omp_get_memspace_pagesize(ms) - 1)) == 0);
  int bad[2] = {dev, omp_get_num_devices() + 7};
  printf("no such device: %d %d %d %d\n", omp_get_device_memspace(omp_invalid_device, omp_default_mem_space) == omp_null_mem_space,
         omp_get_devices_memspace(2, bad, omp_default_mem_space) == omp_null_mem_space,
         omp_get_devices_allocator(2, bad, omp_default_mem_space) == omp_null_allocator,
         omp_init_allocator(omp_null_mem_space, 0, traits) == omp_null_allocator);
  return 0;
}

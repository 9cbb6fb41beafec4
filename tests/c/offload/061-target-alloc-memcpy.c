// KERNELS: 2
/* omp_target_alloc / omp_target_memcpy / omp_target_free with is_device_ptr. */
#include <stdio.h>
#include <omp.h>
#define N 100
int main(void) {
  int dev = omp_get_default_device(), host = omp_get_initial_device();
  double h[N], back[N];
  for (int i = 0; i < N; i++) h[i] = i * 1.5;
  double *d = omp_target_alloc(N * sizeof(double), dev);
  double *e = omp_target_alloc(N * sizeof(double), dev);
  if (!d || !e) { printf("alloc failed\n"); return 1; }
  omp_target_memcpy(d, h, N * sizeof(double), 0, 0, dev, host);
#pragma omp target is_device_ptr(d, e) device(dev)
  for (int i = 0; i < N; i++) e[i] = d[i] * 2;
#pragma omp target teams distribute parallel for is_device_ptr(e) device(dev)
  for (int i = 0; i < N; i++) e[i] += 1;
  /* copy elements 10..19 with offsets on both sides */
  for (int i = 0; i < N; i++) back[i] = -1;
  omp_target_memcpy(back, e, 10 * sizeof(double), 10 * sizeof(double), 10 * sizeof(double), host, dev);
  omp_target_memcpy(e, d, sizeof(double), 0, 50 * sizeof(double), dev, dev);
  omp_target_memcpy(back, e, sizeof(double), 0, 0, host, dev);
  printf("back[0]=%g back[9]=%g back[10]=%g back[19]=%g back[20]=%g\n", back[0], back[9], back[10], back[19], back[20]);
  omp_target_free(d, dev);
  omp_target_free(e, dev);
  return 0;
}

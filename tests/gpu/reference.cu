// Hand-written CUDA kernels for the comparison of tests/gpu/run.sh: BabelStream's five kernels and
// zaxpy (complex double) over 2^lg elements, grid-stride, timed with CUDA events (best of 20), and
// the device-to-device cudaMemcpy rate as the practical peak. Build: nvcc -O3 -arch=sm_90.
#include <cstdio>
#include <cstdlib>
#include <cuComplex.h>

#define CHECK(x) do { cudaError_t e = (x); if (e != cudaSuccess) { printf("%s: %s\n", #x, cudaGetErrorString(e)); exit(1); } } while (0)

__global__ void copy(const double *a, double *c, long n) { for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x) c[i] = a[i]; }
__global__ void mul(double *b, const double *c, double s, long n) { for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x) b[i] = s * c[i]; }
__global__ void add(const double *a, const double *b, double *c, long n) { for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x) c[i] = a[i] + b[i]; }
__global__ void triad(double *a, const double *b, const double *c, double s, long n) { for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x) a[i] = b[i] + s * c[i]; }
__global__ void dot(const double *a, const double *b, double *sum, long n) {
  __shared__ double part[1024];
  double s = 0;
  for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x) s += a[i] * b[i];
  part[threadIdx.x] = s; __syncthreads();
  for (int o = blockDim.x / 2; o > 0; o /= 2) { if (threadIdx.x < o) part[threadIdx.x] += part[threadIdx.x + o]; __syncthreads(); }
  if (threadIdx.x == 0) atomicAdd(sum, part[0]);
}
__global__ void zaxpy(cuDoubleComplex a, const cuDoubleComplex *x, cuDoubleComplex *y, long n) {
  for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < n; i += (long)gridDim.x * blockDim.x) y[i] = cuCadd(cuCmul(a, x[i]), y[i]);
}

int main(int argc, char **argv) {
  int lg = argc > 1 ? atoi(argv[1]) : 25;
  long n = 1L << lg;
  int sms; CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0));
  int blocks = sms * 8, threads = 256;
  double *a, *b, *c, *sum; cuDoubleComplex *x, *y;
  CHECK(cudaMalloc(&a, n * 8)); CHECK(cudaMalloc(&b, n * 8)); CHECK(cudaMalloc(&c, n * 8)); CHECK(cudaMalloc(&sum, 8));
  CHECK(cudaMalloc(&x, n * 16)); CHECK(cudaMalloc(&y, n * 16));
  CHECK(cudaMemset(a, 0, n * 8)); CHECK(cudaMemset(b, 0, n * 8)); CHECK(cudaMemset(c, 0, n * 8));
  CHECK(cudaMemset(x, 0, n * 16)); CHECK(cudaMemset(y, 0, n * 16));
  cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
  const char *names[] = {"d2d-memcpy", "copy", "mul", "add", "triad", "dot", "zaxpy"};
  double bytes[] = {2.0 * 8 * n, 2.0 * 8 * n, 2.0 * 8 * n, 3.0 * 8 * n, 3.0 * 8 * n, 2.0 * 8 * n, 3.0 * 16 * n};
  double best[7];
  for (int k = 0; k < 7; k++) {
    best[k] = 1e30;
    for (int r = 0; r < 20; r++) {
      cudaEventRecord(e0);
      switch (k) {
        case 0: cudaMemcpy(c, a, n * 8, cudaMemcpyDeviceToDevice); break;
        case 1: copy<<<blocks, threads>>>(a, c, n); break;
        case 2: mul<<<blocks, threads>>>(b, c, 0.4, n); break;
        case 3: add<<<blocks, threads>>>(a, b, c, n); break;
        case 4: triad<<<blocks, threads>>>(a, b, c, 0.4, n); break;
        case 5: cudaMemsetAsync(sum, 0, 8); dot<<<blocks, threads>>>(a, b, sum, n); break;
        case 6: zaxpy<<<blocks, threads>>>(make_cuDoubleComplex(2.0, 0.5), x, y, n); break;
      }
      cudaEventRecord(e1); CHECK(cudaEventSynchronize(e1));
      float ms; cudaEventElapsedTime(&ms, e0, e1);
      if (ms < best[k]) best[k] = ms;
    }
  }
  printf("%-11s %10s %10s %8s\n", "kernel", "ms", "GB/s", "of-d2d");
  for (int k = 0; k < 7; k++)
    printf("%-11s %10.4f %10.1f %8.2f\n", names[k], best[k], bytes[k] / best[k] / 1e6, (bytes[k] / best[k]) / (bytes[0] / best[0]));
  return 0;
}

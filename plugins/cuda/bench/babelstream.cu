// BabelStream-style memory bandwidth baseline (copy, mul, add, triad, dot) in double precision,
// for comparing jomp's PTX kernels with nvcc's. Kernel times come from CUDA events; each kernel
// runs 10 times and the best time counts.
//   nvcc -O3 -arch=sm_90 -o babelstream babelstream.cu && ./babelstream [log2 n, default 25]
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { \
    fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x, cudaGetErrorString(e_)); exit(1); } } while (0)

static const int TB = 1024;          // threads per block
static const int DOT_BLOCKS = 1024;  // blocks for the dot product's partial sums
#define SCALAR 0.4

__global__ void copy_kernel(const double *a, double *c, size_t n) { size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; if (i < n) c[i] = a[i]; }
__global__ void mul_kernel(double *b, const double *c, size_t n) { size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; if (i < n) b[i] = SCALAR * c[i]; }
__global__ void add_kernel(const double *a, const double *b, double *c, size_t n) { size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; if (i < n) c[i] = a[i] + b[i]; }
__global__ void triad_kernel(double *a, const double *b, const double *c, size_t n) { size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; if (i < n) a[i] = b[i] + SCALAR * c[i]; }

__global__ void dot_kernel(const double *a, const double *b, double *partial, size_t n) {
  __shared__ double sum[TB];
  double s = 0;
  for (size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x; i < n; i += (size_t)blockDim.x * gridDim.x) s += a[i] * b[i];
  sum[threadIdx.x] = s;
  for (int off = blockDim.x / 2; off > 0; off /= 2) {
    __syncthreads();
    if (threadIdx.x < off) sum[threadIdx.x] += sum[threadIdx.x + off];
  }
  if (threadIdx.x == 0) partial[blockIdx.x] = sum[0];
}

__global__ void init_kernel(double *a, double *b, double *c, size_t n) {
  size_t i = blockIdx.x * (size_t)blockDim.x + threadIdx.x;
  if (i < n) { a[i] = 0.1; b[i] = 0.2; c[i] = 0.0; }
}

int main(int argc, char **argv) {
  int lg = argc > 1 ? atoi(argv[1]) : 25;
  size_t n = (size_t)1 << lg, bytes = n * sizeof(double);
  int blocks = (int)((n + TB - 1) / TB);
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  int driver = 0, runtime = 0;
  CHECK(cudaDriverGetVersion(&driver));
  CHECK(cudaRuntimeGetVersion(&runtime));
  printf("device: %s, sm_%d%d, driver API %d, runtime %d\n", prop.name, prop.major, prop.minor, driver, runtime);
  printf("n = 2^%d doubles (%.1f MiB per array), %d threads per block, best of 10\n", lg, bytes / 1048576.0, TB);

  double *a, *b, *c, *partial;
  CHECK(cudaMalloc(&a, bytes)); CHECK(cudaMalloc(&b, bytes)); CHECK(cudaMalloc(&c, bytes));
  CHECK(cudaMalloc(&partial, DOT_BLOCKS * sizeof(double)));
  init_kernel<<<blocks, TB>>>(a, b, c, n);
  CHECK(cudaDeviceSynchronize());

  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start)); CHECK(cudaEventCreate(&stop));
  const char *names[5] = {"copy", "mul", "add", "triad", "dot"};
  double moved[5] = {2.0 * bytes, 2.0 * bytes, 3.0 * bytes, 3.0 * bytes, 2.0 * bytes};
  float best[5] = {1e30f, 1e30f, 1e30f, 1e30f, 1e30f};
  double dotSum = 0;
  for (int rep = 0; rep < 10; rep++) {
    for (int k = 0; k < 5; k++) {
      CHECK(cudaEventRecord(start));
      switch (k) {
        case 0: copy_kernel<<<blocks, TB>>>(a, c, n); break;
        case 1: mul_kernel<<<blocks, TB>>>(b, c, n); break;
        case 2: add_kernel<<<blocks, TB>>>(a, b, c, n); break;
        case 3: triad_kernel<<<blocks, TB>>>(a, b, c, n); break;
        case 4: dot_kernel<<<DOT_BLOCKS, TB>>>(a, b, partial, n); break;
      }
      CHECK(cudaGetLastError());
      CHECK(cudaEventRecord(stop));
      CHECK(cudaEventSynchronize(stop));
      float ms;
      CHECK(cudaEventElapsedTime(&ms, start, stop));
      if (ms < best[k]) best[k] = ms;
    }
  }
  double host[DOT_BLOCKS];
  CHECK(cudaMemcpy(host, partial, sizeof host, cudaMemcpyDeviceToHost));
  for (int i = 0; i < DOT_BLOCKS; i++) dotSum += host[i];

  // Check the values as BabelStream does: replay the 10 iterations on scalars.
  double ga = 0.1, gb = 0.2, gc = 0.0;
  for (int rep = 0; rep < 10; rep++) { gc = ga; gb = SCALAR * gc; gc = ga + gb; ga = gb + SCALAR * gc; }
  double ha, hb, hc;
  CHECK(cudaMemcpy(&ha, a + n / 2, sizeof ha, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(&hb, b + n / 2, sizeof hb, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(&hc, c + n / 2, sizeof hc, cudaMemcpyDeviceToHost));
  double wantDot = ga * gb * n;
  int ok = fabs(ha - ga) < 1e-12 && fabs(hb - gb) < 1e-12 && fabs(hc - gc) < 1e-12 && fabs(dotSum - wantDot) / wantDot < 1e-8;
  printf("%-6s %10s %10s\n", "kernel", "ms", "GB/s");
  for (int k = 0; k < 5; k++) printf("%-6s %10.4f %10.1f\n", names[k], best[k], moved[k] / (best[k] * 1e-3) / 1e9);
  printf("check: %s\n", ok ? "ok" : "WRONG");
  return ok ? 0 : 1;
}

// Round trip of an empty kernel through the CUDA driver API, the baseline for the jomp cuda
// plugin's LaunchLatencyBench: cuLaunchKernel + cuCtxSynchronize, and launches alone.
//   nvcc -O3 -arch=sm_90 -o launch-latency launch-latency.cu -lcuda && ./launch-latency empty.ptx
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>
#include <cuda.h>

#define CHECK(x) do { CUresult r_ = (x); if (r_ != CUDA_SUCCESS) { const char *s_ = 0; cuGetErrorName(r_, &s_); \
    fprintf(stderr, "%s: %s\n", #x, s_ ? s_ : "?"); exit(1); } } while (0)

static double now_us() {
  return std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: launch-latency empty.ptx\n"); return 2; }
  FILE *f = fopen(argv[1], "rb");
  if (!f) { perror(argv[1]); return 2; }
  std::vector<char> ptx;
  for (int ch; (ch = fgetc(f)) != EOF;) ptx.push_back((char)ch);
  ptx.push_back(0);
  fclose(f);

  CUdevice dev; CUcontext ctx; CUmodule mod; CUfunction fn;
  CHECK(cuInit(0));
  CHECK(cuDeviceGet(&dev, 0));
  CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CHECK(cuCtxSetCurrent(ctx));
  CHECK(cuModuleLoadData(&mod, ptx.data()));
  CHECK(cuModuleGetFunction(&fn, mod, "empty"));
  const int N = 20000;
  for (int i = 0; i < 2000; i++) { CHECK(cuLaunchKernel(fn, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0)); CHECK(cuCtxSynchronize()); }
  double bestRound = 1e30, bestLaunch = 1e30;
  for (int rep = 0; rep < 5; rep++) {
    double t0 = now_us();
    for (int i = 0; i < N; i++) { CHECK(cuLaunchKernel(fn, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0)); CHECK(cuCtxSynchronize()); }
    double t1 = now_us();
    for (int i = 0; i < N; i++) CHECK(cuLaunchKernel(fn, 1, 1, 1, 1, 1, 1, 0, 0, 0, 0));
    CHECK(cuCtxSynchronize());
    double t2 = now_us();
    if ((t1 - t0) / N < bestRound) bestRound = (t1 - t0) / N;
    if ((t2 - t1) / N < bestLaunch) bestLaunch = (t2 - t1) / N;
  }
  printf("C driver API: launch+sync round trip %.2f us, launch alone %.2f us (best of 5 x %d)\n", bestRound, bestLaunch, N);
  return 0;
}

/* A stand-in libcuda.so.1 for CI machines without a GPU: the same C ABI, on host memory.
 * It checks what the plugin passes (flags, out-pointers, JIT option arrays, kernelParams as
 * pointers to 8-byte values, a current context on the calling thread) so the Java binding is
 * exercised for real; the GPU tests (CudaGpuTest) check the real driver.
 *   gcc -shared -fPIC -o libcuda.so.1 fakecuda.c */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
enum { OK = 0, INVALID_VALUE = 1, OUT_OF_MEMORY = 2, NOT_INITIALIZED = 3, INVALID_CONTEXT = 201,
       INVALID_PTX = 218, NOT_FOUND = 500, NO_DEVICE = 100 };

static int initialized;
static __thread void *current;   /* the context current on this thread */
static uint64_t base = 42;       /* the global "base" of read_global.ptx */

#define NEED_CONTEXT() do { if (!initialized) return NOT_INITIALIZED; if (!current) return INVALID_CONTEXT; } while (0)

CUresult cuGetErrorName(CUresult r, const char **s) {
  switch (r) {
    case OK: *s = "CUDA_SUCCESS"; return OK;
    case INVALID_VALUE: *s = "CUDA_ERROR_INVALID_VALUE"; return OK;
    case OUT_OF_MEMORY: *s = "CUDA_ERROR_OUT_OF_MEMORY"; return OK;
    case NOT_INITIALIZED: *s = "CUDA_ERROR_NOT_INITIALIZED"; return OK;
    case INVALID_CONTEXT: *s = "CUDA_ERROR_INVALID_CONTEXT"; return OK;
    case INVALID_PTX: *s = "CUDA_ERROR_INVALID_PTX"; return OK;
    case NOT_FOUND: *s = "CUDA_ERROR_NOT_FOUND"; return OK;
    case NO_DEVICE: *s = "CUDA_ERROR_NO_DEVICE"; return OK;
  }
  *s = 0;
  return INVALID_VALUE;
}

CUresult cuGetErrorString(CUresult r, const char **s) {
  switch (r) {
    case OUT_OF_MEMORY: *s = "out of memory"; return OK;
    case INVALID_CONTEXT: *s = "invalid device context"; return OK;
    case INVALID_PTX: *s = "a PTX JIT compilation failed"; return OK;
    case NOT_FOUND: *s = "named symbol not found"; return OK;
    case NO_DEVICE: *s = "no CUDA-capable device is detected"; return OK;
  }
  *s = 0;
  return INVALID_VALUE;
}

CUresult cuInit(unsigned flags) {
  if (flags) return INVALID_VALUE;
  if (getenv("FAKECUDA_NO_DEVICE")) return NO_DEVICE;   /* a driver without a GPU */
  initialized = 1;
  return OK;
}
CUresult cuDeviceGetCount(int *n) { if (!initialized) return NOT_INITIALIZED; *n = 2; return OK; }
CUresult cuDeviceGet(int *d, int ordinal) { if (ordinal < 0 || ordinal > 1) return INVALID_VALUE; *d = 100 + ordinal; return OK; }
CUresult cuDeviceGetName(char *name, int len, int d) { snprintf(name, len, "Fake GPU %d", d - 100); return OK; }
CUresult cuDeviceTotalMem_v2(size_t *bytes, int d) { *bytes = (size_t)80 << 30; return OK; }

CUresult cuDeviceGetAttribute(int *v, int attribute, int d) {
  if (d < 100 || d > 101) return INVALID_VALUE;
  switch (attribute) {
    case 1: *v = 1024; return OK;          /* max threads per block */
    case 16: *v = 132; return OK;          /* multiprocessors */
    case 75: *v = d == 100 ? 9 : 8; return OK;   /* device 0 is sm_90, device 1 sm_86 */
    case 76: *v = d == 100 ? 0 : 6; return OK;
    case 88: *v = d == 100 ? 1 : 0; return OK;   /* pageable memory access: device 0 has HMM */
  }
  return INVALID_VALUE;
}

CUresult cuDevicePrimaryCtxRetain(void **ctx, int d) { *ctx = (void *)(uintptr_t)(0x1000 + d); return OK; }
CUresult cuCtxSetCurrent(void *ctx) { current = ctx; return OK; }
CUresult cuCtxSynchronize(void) { NEED_CONTEXT(); return OK; }

CUresult cuModuleLoadDataEx(void **module, const void *image, unsigned n, int *options, void **values) {
  NEED_CONTEXT();
  char *error = 0;
  size_t errorSize = 0;
  for (unsigned i = 0; i < n; i++) {
    if (options[i] == 5) error = values[i];
    if (options[i] == 6) errorSize = (size_t)(uintptr_t)values[i];
  }
  if (strstr(image, "%r99")) {   /* the broken test kernel */
    if (!error || errorSize < 100) return INVALID_VALUE;
    snprintf(error, errorSize, "ptxas application ptx input, line 7; error   : Unknown symbol '%%r99'\n");
    return INVALID_PTX;
  }
  if (!strstr(image, ".entry")) return INVALID_PTX;
  *module = strdup(image);   /* the module remembers its text: kernels are found by name in it */
  return OK;
}

typedef void kernel(uint64_t i, void **params);
static void vadd_f32(uint64_t i, void **p) {
  float *c = *(float **)p[0], *a = *(float **)p[1], *b = *(float **)p[2];
  if (i < *(uint64_t *)p[3]) c[i] = a[i] + b[i];
}
static void triad_f64(uint64_t i, void **p) {
  double *a = *(double **)p[0], *b = *(double **)p[1], *c = *(double **)p[2], s = *(double *)p[3];
  if (i < *(uint64_t *)p[4]) a[i] = __builtin_fma(s, c[i], b[i]);
}
static void read_global(uint64_t i, void **p) {
  uint64_t *out = *(uint64_t **)p[0];
  if (i < *(uint64_t *)p[1]) out[i] = base + i;
}
static void empty(uint64_t i, void **p) { (void)i; (void)p; }

CUresult cuModuleGetFunction(void **f, void *module, const char *name) {
  NEED_CONTEXT();
  char entry[256];
  snprintf(entry, sizeof entry, ".entry %s(", name);
  if (!strstr(module, entry)) return NOT_FOUND;
  if (!strcmp(name, "vadd_f32")) *f = (void *)vadd_f32;
  else if (!strcmp(name, "triad_f64")) *f = (void *)triad_f64;
  else if (!strcmp(name, "read_global")) *f = (void *)read_global;
  else if (!strcmp(name, "empty")) *f = (void *)empty;
  else return NOT_FOUND;
  return OK;
}

CUresult cuModuleGetGlobal_v2(uint64_t *dptr, size_t *bytes, void *module, const char *name) {
  NEED_CONTEXT();
  if (strcmp(name, "base") || !strstr(module, " base = 42;")) return NOT_FOUND;
  *dptr = (uint64_t)(uintptr_t)&base;
  *bytes = sizeof base;
  return OK;
}

CUresult cuMemAlloc_v2(uint64_t *dptr, size_t size) {
  NEED_CONTEXT();
  if (size == 0) return INVALID_VALUE;
  void *p = size > ((size_t)1 << 40) ? 0 : malloc(size);
  if (!p) return OUT_OF_MEMORY;
  *dptr = (uint64_t)(uintptr_t)p;
  return OK;
}
CUresult cuMemAllocManaged(uint64_t *dptr, size_t size, unsigned flags) {
  NEED_CONTEXT();
  if (size == 0 || flags != 1) return INVALID_VALUE;   /* CU_MEM_ATTACH_GLOBAL */
  void *p = malloc(size);
  if (!p) return OUT_OF_MEMORY;
  *dptr = (uint64_t)(uintptr_t)p;
  return OK;
}
static int streams;   /* live streams */
CUresult cuStreamCreate(void **s, unsigned flags) {
  NEED_CONTEXT();
  if (flags != 1) return INVALID_VALUE;   /* CU_STREAM_NON_BLOCKING */
  *s = (void *)(uintptr_t)(0x5000 + ++streams);
  return OK;
}
CUresult cuStreamSynchronize(void *s) { NEED_CONTEXT(); return s ? OK : INVALID_VALUE; }
CUresult cuStreamDestroy_v2(void *s) { NEED_CONTEXT(); if (!s || streams == 0) return INVALID_VALUE; streams--; return OK; }

CUresult cuMemFree_v2(uint64_t p) { NEED_CONTEXT(); free((void *)(uintptr_t)p); return OK; }
CUresult cuMemcpyHtoD_v2(uint64_t dst, const void *src, size_t n) { NEED_CONTEXT(); memcpy((void *)(uintptr_t)dst, src, n); return OK; }
CUresult cuMemcpyDtoH_v2(void *dst, uint64_t src, size_t n) { NEED_CONTEXT(); memcpy(dst, (void *)(uintptr_t)src, n); return OK; }
CUresult cuMemcpyDtoD_v2(uint64_t dst, uint64_t src, size_t n) { NEED_CONTEXT(); memcpy((void *)(uintptr_t)dst, (void *)(uintptr_t)src, n); return OK; }

CUresult cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                        unsigned shared, void *stream, void **params, void **extra) {
  NEED_CONTEXT();
  if (gy != 1 || gz != 1 || by != 1 || bz != 1 || shared || stream || extra || bx == 0 || bx > 1024 || gx == 0)
    return INVALID_VALUE;
  for (uint64_t i = 0; i < (uint64_t)gx * bx; i++) ((kernel *)f)(i, params);
  return OK;
}

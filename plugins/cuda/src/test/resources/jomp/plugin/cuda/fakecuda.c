/* A stand-in libcuda.so.1 for CI machines without a GPU: the same C ABI, on host memory.
 * It checks what the plugin passes (flags, out-pointers, JIT option arrays, the kernel's
 * parameter buffer against the PTX .entry's parameters, a current context on the calling thread) so the Java binding is
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
  char *text;
  const uint32_t *fat = image;
  if (fat[0] == 0xBA55ED50u) {   /* a fat binary (uncompressed, as jomp writes them): its PTX as text, NULs as newlines */
    size_t size = 16 + ((const uint64_t *)image)[1];
    text = malloc(size + 1);
    memcpy(text, image, size);
    for (size_t i = 0; i < size; i++) if (!text[i]) text[i] = '\n';
    text[size] = 0;
  } else {
    text = strdup(image);
  }
  if (strstr(text, ".entry broken(")) {   /* the broken test kernel (Resources.java); a real kernel may use %r99 */
    if (!error || errorSize < 100) return INVALID_VALUE;
    snprintf(error, errorSize, "ptxas application ptx input, line 7; error   : Unknown symbol '%%r99'\n");
    return INVALID_PTX;
  }
  if (!strstr(text, ".entry")) return INVALID_PTX;
  *module = text;   /* the module remembers its text: kernels are found by name in it */
  return OK;
}

/* The kernels it runs, reading their arguments from the launch's parameter buffer. */
typedef void kernel(uint64_t i, const char *args);
static uint64_t arg(const char *args, int k) { uint64_t v; memcpy(&v, args + 8 * k, 8); return v; }
static void vadd_f32(uint64_t i, const char *p) {
  float *c = (float *)arg(p, 0), *a = (float *)arg(p, 1), *b = (float *)arg(p, 2);
  if (i < arg(p, 3)) c[i] = a[i] + b[i];
}
static void triad_f64(uint64_t i, const char *p) {
  double *a = (double *)arg(p, 0), *b = (double *)arg(p, 1), *c = (double *)arg(p, 2), s;
  uint64_t sb = arg(p, 3);
  memcpy(&s, &sb, 8);
  if (i < arg(p, 4)) a[i] = __builtin_fma(s, c[i], b[i]);
}
static void read_global(uint64_t i, const char *p) {
  uint64_t *out = (uint64_t *)arg(p, 0);
  if (i < arg(p, 1)) out[i] = base + i;
}
static void nothing(uint64_t i, const char *p) { (void)i; (void)p; }

/* A CUfunction: the entry's name, what it runs (nothing for kernels it does not know, such as
 * jomp's compiled regions) and its parameters' offsets and sizes, read from the PTX .entry. */
struct function { char name[256]; kernel *run; int n; size_t offset[64], size[64], bytes; };

static size_t param_size(const char *p, const char *end, size_t *align) {
  /* ".param .u64 name", ".param .align 8 .b8 name[16]" */
  const char *t = strstr(p, ".param") + 6;
  while (*t == ' ' || *t == '\t') t++;
  size_t a = 0;
  if (!strncmp(t, ".align", 6)) { a = strtoul(t + 6, (char **)&t, 10); while (*t == ' ') t++; }
  int bits = atoi(t + 2);
  size_t n = bits / 8;
  const char *br = memchr(t, '[', end - t);
  if (br) n *= strtoul(br + 1, 0, 10);
  *align = a ? a : bits / 8;
  return n;
}

CUresult cuModuleGetFunction(void **f, void *module, const char *name) {
  NEED_CONTEXT();
  char entry[300];
  snprintf(entry, sizeof entry, ".entry %s(", name);
  const char *e = strstr(module, entry);
  if (!e) return NOT_FOUND;
  struct function *fn = calloc(1, sizeof *fn);
  snprintf(fn->name, sizeof fn->name, "%s", name);
  fn->run = !strcmp(name, "vadd_f32") ? vadd_f32 : !strcmp(name, "triad_f64") ? triad_f64
          : !strcmp(name, "read_global") ? read_global : nothing;
  const char *p = e + strlen(entry), *close = strchr(p, ')');
  while (p && (p = strstr(p, ".param")) && p < close && fn->n < 64) {
    const char *next = strpbrk(p + 6, ",)");
    size_t align, size = param_size(p, next, &align);
    fn->bytes = (fn->bytes + align - 1) / align * align;
    fn->offset[fn->n] = fn->bytes;
    fn->size[fn->n++] = size;
    fn->bytes += size;
    p = next;
  }
  *f = fn;
  return OK;
}

/* CUDA 12.4's query of a kernel's parameters: INVALID_VALUE past the last one. */
CUresult cuFuncGetParamInfo(void *f, size_t index, size_t *offset, size_t *size) {
  struct function *fn = f;
  if (!fn || index >= (size_t)fn->n) return INVALID_VALUE;
  if (offset) *offset = fn->offset[index];
  if (size) *size = fn->size[index];
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

/* Checks what the plugin passes against what the entry declares: the parameter buffer through
 * extra (CU_LAUNCH_PARAM_BUFFER_POINTER/SIZE) must be exactly as large as the entry's parameters,
 * or kernelParams must hold one non-null pointer per parameter. FAKECUDA_LOG names a file that
 * gets one line per launch. */
CUresult cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
                        unsigned shared, void *stream, void **params, void **extra) {
  NEED_CONTEXT();
  struct function *fn = f;
  if (gy != 1 || gz != 1 || by != 1 || bz != 1 || shared || stream || bx == 0 || bx > 1024 || gx == 0 || (params && extra))
    return INVALID_VALUE;
  char *args = 0;
  size_t bytes = (size_t)-1;
  if (extra) {
    for (int k = 0; extra[k] != 0; k += 2) {
      if (extra[k] == (void *)1) args = extra[k + 1];
      else if (extra[k] == (void *)2) bytes = *(size_t *)extra[k + 1];
      else return INVALID_VALUE;
    }
    if (bytes != fn->bytes || (bytes > 0 && !args)) {
      fprintf(stderr, "fakecuda: kernel %s declares %zu bytes of parameters, the launch passes %zu\n", fn->name, fn->bytes, bytes);
      return INVALID_VALUE;
    }
  } else {
    if (fn->n > 0 && !params) return INVALID_VALUE;
    static char copy[8 * 64];
    for (int k = 0; k < fn->n; k++) {
      if (!params[k]) return INVALID_VALUE;
      memcpy(copy + fn->offset[k], params[k], fn->size[k]);
    }
    args = copy;
    bytes = fn->bytes;
  }
  const char *log = getenv("FAKECUDA_LOG");
  if (log) {
    FILE *out = fopen(log, "a");
    if (out) { fprintf(out, "launch %s: %d parameters, %zu bytes, %u blocks of %u threads\n", fn->name, fn->n, bytes, gx, bx); fclose(out); }
  }
  for (uint64_t i = 0; i < (uint64_t)gx * bx; i++) fn->run(i, args);
  return OK;
}

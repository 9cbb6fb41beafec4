/* Integer and floating-point operations of C, for the PTX simulator's semantics test
 * (PtxSemanticsTest): clang-19 compiles ops() to PTX for nvptx64 and the simulator runs it
 * once per thread; gcc compiles the same ops() for the host and calls it for each thread
 * number; the results must be equal bit for bit. */
typedef unsigned long long u64;
typedef long long i64;
typedef unsigned int u32;

#define K 64

static u64 bits(double d) { union { double d; u64 u; } x = {d}; return x.u; }
static u64 fbits(float f) { union { float f; u32 u; } x = {f}; return x.u; }

#ifdef __NVPTX__
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE __attribute__((noinline))
#endif

NOINLINE void ops(u64 *out, int t) {
  u64 *o = out + (u64) t * K;
  int n = 0;
  i64 a = (i64) t * 7919 - 250000, b = (i64) (t % 13) - 6;
  if (b == 0) b = 3;
  u64 ua = (u64) a * 2654435761u, ub = (u64) (t * 37 + 5);
  int ia = (int) (a >> 3), ib = (int) b;
  u32 xa = (u32) ua, xb = (u32) ub | 1;
  short sa = (short) (t * 1234), sb = (short) (t - 40);
  signed char ca = (signed char) (t * 9), cb = (signed char) (t | 1);
  o[n++] = (u64) (a / b);
  o[n++] = (u64) (a % b);
  o[n++] = ua / ub;
  o[n++] = ua % ub;
  o[n++] = (u64) (ia / ib) ^ (u64) (ia % ib) << 32;
  o[n++] = (u64) (xa / xb) ^ (u64) (xa % xb) << 32;
  o[n++] = (u64) ((unsigned __int128) ua * ub >> 64);
  o[n++] = (u64) ((__int128) a * (i64) ub >> 64);
  o[n++] = (u64) ((u64) xa * xb);
  o[n++] = (u64) ((i64) ia * ib);
  o[n++] = (u64) (sa * sb) ^ (u64) (u32) (sa / (sb | 1)) << 32;
  o[n++] = (u64) (ca * cb + ca / cb) & 0xFFFFFFFF;
  o[n++] = ua << (t & 63);
  o[n++] = ua >> (t & 63);
  o[n++] = (u64) (a >> (t & 63));
  o[n++] = (u64) (xa << (t & 31)) | (u64) (xa >> (t & 31)) << 32;
  o[n++] = (u64) (ia >> (t & 31));
  o[n++] = (xa << (t & 31)) | (xa >> ((32 - (t & 31)) & 31));
  o[n++] = (u64) __builtin_popcountll(ua) + ((u64) __builtin_popcount(xa) << 8);
  o[n++] = (u64) __builtin_clzll(ua | 1) + ((u64) __builtin_ctz(xa | 0x80000000u) << 8);
  o[n++] = __builtin_bswap64(ua) ^ __builtin_bswap32(xa);
  o[n++] = (u64) (a < b) | (u64) (ua < ub) << 1 | (u64) (ia >= ib) << 2 | (u64) (xa <= xb) << 3 | (u64) (sa > sb) << 4;
  o[n++] = (u64) (a < 0 ? -a : a) + (u64) (ia < ib ? ia : ib) + (u64) (xa > xb ? xa : xb);
  o[n++] = (ua & 0xF0F0F0F0F0F0F0F0ull) ^ (~ub | 0x1234) ^ (ua >> 17 & 0x7FF);
  o[n++] = (u64) (((ua >> 5) & 0x3FF) << 11 | (ub & 0x7FF));
  /* floating point: exact IEEE results (no contraction) */
  double x = (double) a / 3.0 + 0.125 * t, y = (double) ib * 1.5e-3 - 7.0, z = 1.0 / (t + 1);
  float fx = (float) x, fy = (float) y, fz = (float) z;
  o[n++] = bits(x + y);
  o[n++] = bits(x - y * z);
  o[n++] = bits(x * y);
  o[n++] = bits(x / y);
  o[n++] = bits(__builtin_sqrt(x < 0 ? -x : x));
  o[n++] = bits(__builtin_fma(x, y, z));
  o[n++] = bits(__builtin_fmin(x, y)) ^ bits(__builtin_fmax(y, z));
  o[n++] = bits(__builtin_floor(x)) ^ bits(__builtin_ceil(y)) ^ bits(__builtin_trunc(z * 10));
  o[n++] = bits(__builtin_rint(x / 7)) ^ bits(__builtin_copysign(z, y)) ^ bits(__builtin_fabs(y));
  o[n++] = fbits(fx + fy) | (u64) fbits(fx * fy) << 32;
  o[n++] = fbits(fx / fy) | (u64) fbits(fx - fz) << 32;
  o[n++] = fbits(__builtin_sqrtf(fx < 0 ? -fx : fx)) | (u64) fbits(__builtin_fmaf(fx, fy, fz)) << 32;
  o[n++] = fbits(__builtin_floorf(fx)) | (u64) fbits(__builtin_fminf(fx, fy)) << 32;
  o[n++] = (u64) (i64) x ^ (u64) (int) fy << 40;
  o[n++] = (u64) (u32) (x < 0 ? -x : x) ^ (u64) (u32) (fz * 1000) << 32;
  o[n++] = bits((double) ua) ^ bits((double) a) ^ fbits((float) ua) ^ fbits((float) ia);
  o[n++] = bits((double) xa) ^ fbits((float) xa) ^ bits((double) fx);
  o[n++] = fbits((float) (x * 1e30)) ^ fbits((float) (y * 1e-40)) ^ bits((double) sa);
  o[n++] = (u64) (x < y) | (u64) (x == y) << 1 | (u64) (fx >= fz) << 2 | (u64) (z != z) << 3 | (u64) (x / 0.0 > 1e308) << 4;
  o[n++] = bits(0.0 * (x / 0.0)) == bits(0.0 * (x / 0.0)) ? (u64) ((0.0 * (x / 0.0)) != (0.0 * (x / 0.0))) : 7;
  /* a loop whose trip count differs per thread, with a data-dependent branch inside */
  u64 h = 1469598103934665603ull;
  for (int i = 0; i < (t % 17) + 1; i++) {
    if ((h ^ (u64) i) & 1) h = h * 1099511628211ull + (u64) i;
    else h ^= h >> 7;
  }
  o[n++] = h;
  /* a switch the back end may turn into a jump table */
  u64 s;
  switch (t % 9) {
    case 0: s = 11; break;
    case 1: s = ua; break;
    case 2: s = ub * 3; break;
    case 3: s = (u64) a; break;
    case 4: s = 44; break;
    case 5: s = ~ua; break;
    case 6: s = 66; break;
    case 7: s = ua ^ ub; break;
    default: s = 99;
  }
  o[n++] = s;
  for (; n < K; n++) o[n] = (u64) n * 0x9E3779B97F4A7C15ull;
}

static int fib(int k) { return k < 2 ? k : fib(k - 1) + fib(k - 2); }
static u64 twice(u64 v) { return v * 2; }
static u64 square(u64 v) { return v * v; }
static u64 (*const table[])(u64) = {twice, square};
const char text[] = "simulated";
const char *const words[] = {text, text + 3};

/* calls: recursion, a function pointer table in initialised data, pointers in initialised data */
NOINLINE void calls(u64 *out, int t) {
  u64 *o = out + (u64) t * K;
  o[0] = (u64) fib(t % 15);
  o[1] = table[t & 1]((u64) t + 3);
  o[2] = (u64) words[t & 1][t % 5];
  u64 local[8];
  for (int i = 0; i < 8; i++) local[i] = (u64) (t * i);
  u64 *p = local + (t % 8);
  o[3] = *p + local[7 - (t % 8)];
  for (int i = 4; i < K; i++) o[i] = 0;
}

#ifdef __NVPTX__
int __nvvm_read_ptx_sreg_tid_x(void);
int __nvvm_read_ptx_sreg_ctaid_x(void);
int __nvvm_read_ptx_sreg_ntid_x(void);
__attribute__((nvptx_kernel)) void run_ops(u64 *out, int n) {
  int t = __nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() + __nvvm_read_ptx_sreg_tid_x();
  if (t < n) ops(out, t);
}
__attribute__((nvptx_kernel)) void run_calls(u64 *out, int n) {
  int t = __nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() + __nvvm_read_ptx_sreg_tid_x();
  if (t < n) calls(out, t);
}
#else
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  int n = atoi(argv[1]);
  static u64 out[K * 1024];
  for (int t = 0; t < n; t++) { ops(out, t); }
  for (int i = 0; i < n * K; i++) printf("%016llx\n", out[i]);
  for (int t = 0; t < n; t++) { calls(out, t); }
  for (int i = 0; i < n * K; i++) printf("%016llx\n", out[i]);
  return 0;
}
#endif

/* Kernels with the errors the simulator must report (PtxErrorTest), compiled by clang-19. */
int __nvvm_read_ptx_sreg_tid_x(void);
int __nvvm_read_ptx_sreg_laneid(void);
#define TID __nvvm_read_ptx_sreg_tid_x()

__attribute__((nvptx_kernel)) void read_past_end(int *in, int *out, int n) {
  int t = TID;
  if (t < n) out[t] = in[t + 1];            /* the last thread reads one element past in */
}

__attribute__((nvptx_kernel)) void write_past_end(int *out, int n) {
  int t = TID;
  out[t] = t;                                /* launched with more threads than out has elements */
}

__attribute__((nvptx_kernel)) void misaligned(char *p) {
  *(volatile int *) (p + 2 + 4 * TID) = 1;   /* an int at an address that is not a multiple of 4 */
}

__attribute__((nvptx_kernel)) void shared_overrun(int *out) {
  static __attribute__((address_space(3))) int buf[64];
  int t = TID;
  buf[t] = t;                                /* 128 threads, 64 elements */
  __syncthreads();
  out[t] = buf[63 - (t & 63)];
}

__attribute__((nvptx_kernel)) void half_barrier(int *out) {
  int t = TID;
  if (t < 48) {                              /* threads 48..63 never reach the barrier */
    out[t] = t;
    __syncthreads();
  }
}

__attribute__((nvptx_kernel)) void divergent_barrier(int *out) {
  int t = TID;
  if (__nvvm_read_ptx_sreg_laneid() < 16) { out[t] = 1; __syncthreads(); }
  else { out[t] = 2; __syncthreads(); }      /* two bar.sync instructions in one warp */
}

__attribute__((nvptx_kernel)) void race(int *out) {
  static __attribute__((address_space(3))) int buf[64];
  int t = TID;
  buf[t] = t * 2;
  out[t] = buf[(t + 1) & 63];                /* reads a neighbour's element without a barrier between */
}

__attribute__((nvptx_kernel)) void no_race(int *out) {
  static __attribute__((address_space(3))) int buf[64];
  int t = TID;
  buf[t] = t * 2;
  __syncthreads();
  out[t] = buf[(t + 1) & 63];
}

static int deep(int n, volatile int *sink) {
  volatile int pad[64];
  pad[n & 63] = n;
  *sink = pad[n & 63];
  return n == 0 ? 0 : 1 + deep(n - 1, sink);
}
__attribute__((nvptx_kernel)) void overflow(int *out, int n) { out[TID] = deep(n, out + 32); }

void free(void *);
__attribute__((nvptx_kernel)) void bad_free(int *p) { free(p + 1); }

__attribute__((nvptx_kernel)) void shuffle_with_exited(int *out) {
  int t = TID;
  if (t >= 16) return;                       /* lanes 16..31 are gone */
  out[t] = __nvvm_shfl_sync_bfly_i32(-1, t, 16, 31);
}

__attribute__((nvptx_kernel)) void spin_forever(volatile int *flag) {
  while (*flag == 0) { }                     /* nobody ever sets it */
}

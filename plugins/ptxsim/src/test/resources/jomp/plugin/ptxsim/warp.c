/* Warp-level and block-level behaviour for PtxWarpTest, compiled to PTX by clang-19: shuffles,
 * votes, match, activemask in divergent code, atomics, barriers, shared memory, and a lock that
 * every thread of a warp takes in turn (which needs independent thread scheduling). */
typedef unsigned long long u64;
int __nvvm_read_ptx_sreg_tid_x(void);
int __nvvm_read_ptx_sreg_ntid_x(void);
int __nvvm_read_ptx_sreg_ctaid_x(void);
int __nvvm_read_ptx_sreg_laneid(void);
#define TID __nvvm_read_ptx_sreg_tid_x()
#define LANE __nvvm_read_ptx_sreg_laneid()

__attribute__((nvptx_kernel)) void shuffles(int *out) {
  int lane = LANE, v = lane * 3 + 1, s = v;
  for (int d = 16; d > 0; d /= 2) s += __nvvm_shfl_sync_bfly_i32(-1, s, d, 31);
  int t = TID;
  out[t * 6 + 0] = s;                                             /* the warp's sum */
  out[t * 6 + 1] = __nvvm_shfl_sync_up_i32(-1, v, 3, 0);          /* lanes below 3 keep their own */
  out[t * 6 + 2] = __nvvm_shfl_sync_down_i32(-1, v, 5, 31);       /* lanes above 26 keep their own */
  out[t * 6 + 3] = __nvvm_shfl_sync_idx_i32(-1, v, 7, 31);        /* everyone reads lane 7 */
  out[t * 6 + 4] = __nvvm_shfl_sync_idx_i32(-1, v, lane ^ 1, 0x1F | (0x18 << 8)); /* within groups of 8 */
  out[t * 6 + 5] = __nvvm_shfl_sync_down_i32(-1, v, 2, 0x7 | (0x18 << 8));        /* segments of 8 */
}

__attribute__((nvptx_kernel)) void votes(unsigned *out) {
  int lane = LANE, t = TID;
  int odd = lane & 1;
  out[t * 6 + 0] = __nvvm_vote_ballot_sync(-1, odd);
  out[t * 6 + 1] = __nvvm_vote_all_sync(-1, lane < 32);
  out[t * 6 + 2] = __nvvm_vote_any_sync(-1, lane == 17);
  out[t * 6 + 3] = __nvvm_match_any_sync_i32(-1, lane % 3);
  unsigned m = 7;
  if (lane % 4 == 0) m = __nvvm_activemask();   /* the lanes that took the branch together */
  out[t * 6 + 4] = m;
  out[t * 6 + 5] = __nvvm_vote_uni_sync(-1, lane >= 0);
}

__attribute__((nvptx_kernel)) void atomics(int *counter, u64 *wide, int *minmax, unsigned *inc) {
  int t = __nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() + TID;
  __nvvm_atom_add_gen_i(counter, t);
  __nvvm_atom_add_gen_ll((long long *) wide, (long long) t << 33);
  __nvvm_atom_min_gen_i(minmax, 1000 - t);
  __nvvm_atom_max_gen_i(minmax + 1, t * 7 % 1001);
  __nvvm_atom_inc_gen_ui(inc, 50u);
  int old;
  do { old = __nvvm_atom_cas_gen_i(counter + 1, counter[1], 0); } while (0);
  __nvvm_atom_cas_gen_i(counter + 2, t, t + 1);   /* only the thread whose number is the value moves it */
}

__attribute__((nvptx_kernel)) void blocksum(int *in, int *out) {
  static __attribute__((address_space(3))) int part[256];
  int t = TID, n = __nvvm_read_ptx_sreg_ntid_x();
  part[t] = in[__nvvm_read_ptx_sreg_ctaid_x() * n + t];
  __syncthreads();
  for (int s = n / 2; s > 0; s /= 2) {
    if (t < s) part[t] += part[t + s];
    __syncthreads();
  }
  if (t == 0) out[__nvvm_read_ptx_sreg_ctaid_x()] = part[0];
}

/* a lock taken by every thread in turn: the holder must get to run while the others of its warp spin */
__attribute__((nvptx_kernel)) void lock(int *lockword, int *count, int *order) {
  int t = TID;
  while (__nvvm_atom_cas_gen_i(lockword, 0, 1) != 0) { }
  int c = *(volatile int *) count;
  order[c] = t;
  *(volatile int *) count = c + 1;
  __nvvm_membar_gl();
  __nvvm_atom_xchg_gen_i(lockword, 0);
}

/* recursion deep enough to need a frame per call */
static int depth(int n, volatile int *sink) { int a[4]; a[n & 3] = n; sink[0] = a[n & 3]; return n == 0 ? 0 : 1 + depth(n - 1, sink); }
__attribute__((nvptx_kernel)) void recurse(int *out, int n) { out[TID] = depth(n + TID, out + 64); }

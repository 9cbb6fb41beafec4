/* PtxSimPluginTest: two modules of one image, linked by the simulator when it loads them. */
int __nvvm_read_ptx_sreg_tid_x(void);
extern int helper(int);
extern int counter;
__attribute__((weak, noinline)) int which(void) { return 1; }
static __attribute__((noinline)) int local(int x) { return x * 10 + 1; }
int __attribute__((noinline)) local_of_a(int x) { return local(x); }
__attribute__((nvptx_kernel)) void kernel_a(int *out) {
  int t = __nvvm_read_ptx_sreg_tid_x();
  __nvvm_atom_add_gen_i(&counter, 1);
  out[t] = helper(t) * 1000 + which() * 100 + local_of_a(t);
}

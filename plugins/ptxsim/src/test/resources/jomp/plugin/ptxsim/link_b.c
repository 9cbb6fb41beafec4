int counter = 5;
__attribute__((weak, noinline)) int which(void) { return 2; }
static __attribute__((noinline)) int local(int x) { return x * 20 + 2; }
int __attribute__((noinline)) helper(int x) { return local(x); }
__attribute__((nvptx_kernel)) void kernel_b(int *out) { out[0] = counter; }

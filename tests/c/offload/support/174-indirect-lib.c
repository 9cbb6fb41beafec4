/* 170's other translation unit: declare target indirect functions, a function returning their
 * host addresses, and a target region calling whatever function pointer it is given. */
#pragma omp begin declare target indirect
int square(int x) { return x * x; }
int negate(int x) { return -x; }
#pragma omp end declare target
typedef int (*op_t)(int);
op_t lib_op(int k) { return k == 0 ? square : negate; }
int lib_apply(op_t f, int x) {
  int r = 0;
  #pragma omp target map(from: r) firstprivate(f, x)
  r = f(x);
  return r;
}

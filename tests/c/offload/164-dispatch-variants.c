// KERNELS: 1
// ORACLE: expected
// WHY: clang 19 cannot compile dispatch ("cannot compile this OpenMP dispatch directive yet") and gcc 12 ignores it, calling the base function every time.
// dispatch: its call is in the dispatch context, so construct={dispatch} variants apply, unless
// novariants (the base function) or nocontext (no dispatch context) is true when it runs; the
// default device is the device clause's during the call; depend orders it after interop and tasks.
#include <stdio.h>
#include <omp.h>
int in_dispatch(int x) { return 100 + x; }
int in_target(int x) { return 200 + x; }
#pragma omp declare variant(in_dispatch) match(construct={dispatch})
#pragma omp declare variant(in_target) match(construct={target})
int base(int x) { return x; }
int dev(int x) { return x + omp_get_default_device(); }
int main(void) {
  int a, b, c, d, e, t = 0, x = 0, zero = 0, before = omp_get_default_device();
  omp_interop_t io = omp_interop_none;
  #pragma omp interop init(targetsync: io) depend(inout: x)
  #pragma omp task depend(out: x) shared(x)
  x = 1;
  #pragma omp dispatch depend(in: x)
  a = base(x);
  #pragma omp dispatch novariants(x == 1)
  b = base(2);
  #pragma omp dispatch nocontext(x == 0)
  c = base(3);
  #pragma omp dispatch nocontext(x == 1)
  d = base(4);
  #pragma omp dispatch device(zero)
  e = dev(5);
  #pragma omp target map(from: t)
  t = base(6);
  #pragma omp interop destroy(io)
  printf("%d %d %d %d %d %d; the default device is back: %d\n", a, b, c, d, e, t, omp_get_default_device() == before);
  return 0;
}

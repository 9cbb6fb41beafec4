// KERNELS: 1
// ORACLE: clang-offload
// metadirective and declare variant with context selectors decided where the code is: construct
// (the enclosing constructs), implementation (vendor llvm), constant user conditions, device kind
// and arch (host code on the host; in a target region, the device that runs it), begin/end declare
// variant, default/otherwise. (gcc 12 has no metadirective.) In the region, where() and g() pick
// the GPU's variants (2, 12) on a GPU and the others (1, 10) elsewhere: the program prints whether
// they agree (OmpDirectivesTest checks each device's values).
#include <stdio.h>
int f_par(int x), f_simd(int x), f(int x), on_gpu(void), where(void), g(void);
int f_par(int x) { return 100 + x; }
int f_simd(int x) { return 200 + x; }
#pragma omp declare variant(f_par) match(construct={parallel})
#pragma omp declare variant(f_simd) match(construct={target, parallel, for})
int f(int x) { return x; }
int on_gpu(void) { return 2; }
#pragma omp declare variant(on_gpu) match(device={kind(gpu)})
int where(void) { return 1; }
int g(void) { return 10; }
#pragma omp begin declare variant match(device={kind(host)})
__attribute__((unused)) static int g(void) { return 11; }
#pragma omp end declare variant
#pragma omp begin declare variant match(device={arch(nvptx64)})
__attribute__((unused)) static int g(void) { return 12; }
#pragma omp end declare variant
int main(void) {
  int a = 0, b = 0, c = 0, d = 0, e = 0, w = 0, gh = 0, gd = 0, par = 0;
  #pragma omp metadirective when(implementation={vendor(llvm)}: parallel num_threads(2) reduction(+: par)) default(single)
  par += 1;
  #pragma omp metadirective when(user={condition(0)}: parallel) otherwise(single)
  a = f(1);
  #pragma omp parallel num_threads(2)
  #pragma omp single
  b = f(1);
  #pragma omp target map(from: c, d, w, gd)
  {
    #pragma omp parallel for num_threads(1)
    for (int i = 0; i < 1; i++) c = f(1);
    #pragma omp metadirective when(device={kind(gpu)}: teams) default(nothing)
    d = 7;
    w = where();
    gd = g();
  }
  #pragma omp metadirective when(device={kind(host), arch(x86_64)}: nothing) default(parallel)
  e = f(3);
  gh = g();
  int agree = (w == 1 && gd == 10) || (w == 2 && gd == 12);
  printf("metadirective: %d threads, %d %d; variants: %d %d %d %d; g host %d; device variants agree: %d\n", par, a, d, b, c, e, f(0), gh, agree);
  return 0;
}

// KERNELS: 1
// A target region that runs on the host (if(0), or no device code) still gives firstprivate
// aggregates a private copy: an array and a struct under defaultmap(firstprivate), and a complex
// scalar (firstprivate by default) are changed in the region and keep their values outside, as on
// a device where the runtime makes the copy.
#include <stdio.h>
#include <complex.h>

struct S {
  int a[4];
  double d;
};

int main(void) {
  int A[4] = {1, 2, 3, 4};
  struct S s = {{5, 6, 7, 8}, 0.5};
  double complex z = 1.0 + 2.0 * I;
  int seen = 0;
#pragma omp target defaultmap(firstprivate) map(from: seen) if(0)
  {
    seen = A[3] + s.a[3];
    A[0] = 100;
    s.a[0] = 100;
    s.d = 9.5;
    z = 7.0;
  }
  printf("if(0): seen %d A %d %d s %d %g z %g %g\n", seen, A[0], A[1], s.a[0], s.d, creal(z), cimag(z));
#pragma omp target defaultmap(firstprivate) map(from: seen)
  {
    seen = A[2] + s.a[2];
    A[1] = 200;
    s.a[1] = 200;
    z = 8.0;
  }
  printf("device: seen %d A %d %d s %d z %g %g\n", seen, A[0], A[1], s.a[1], creal(z), cimag(z));
  return 0;
}

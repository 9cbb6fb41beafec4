// ORACLE: clang-offload
// KERNELS: 3
/* requires unified_shared_memory (OpenMP 5.2 §8.2.1): host memory is the device's; a region uses
   host pointers as they are, and maps neither copy nor allocate (so even a 'to' map shows the
   device's writes, and a struct's pointer members need no mapping). */
#include <stdio.h>
#include <stdlib.h>
#include <omp.h>
#pragma omp requires unified_shared_memory
typedef struct { int n; double *v; } Vec;
int main(void) {
  int n = 6;
  double *p = malloc(n * sizeof(double));
  for (int i = 0; i < n; i++) p[i] = i;
#pragma omp target
  for (int i = 0; i < n; i++) p[i] *= 2;   /* no map: the host's memory */
  printf("unmapped: %g %g\n", p[1], p[5]);
#pragma omp target map(to: p[0:n])
  for (int i = 0; i < n; i++) p[i] += 100;
  printf("to map: %g %g\n", p[1], p[5]);
  Vec s = {n, p};
#pragma omp target
  s.v[0] = s.n;
  printf("struct: %g\n", p[0]);
  free(p);
  return 0;
}

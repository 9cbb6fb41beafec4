// KERNELS: 1
// Task reductions: taskgroup task_reduction with tasks and a taskloop that take part through
// in_reduction, and a parallel region's reduction(task, ...) that its tasks join; also in a
// target region.
#include <stdio.h>
int main(void) {
  long x = 0, y = 0, z = 0;
  double m = 1;
  #pragma omp parallel num_threads(4)
  #pragma omp single
  {
    #pragma omp taskgroup task_reduction(+: x) task_reduction(*: m)
    {
      for (int i = 0; i < 100; i++) {
        #pragma omp task in_reduction(+: x) in_reduction(*: m)
        { x += i; if (i % 10 == 0) m *= 2; }
      }
      #pragma omp taskloop in_reduction(+: x) grainsize(7)
      for (int i = 0; i < 50; i++) x += 2;
    }
  }
  #pragma omp parallel num_threads(4) reduction(task, +: y)
  {
    #pragma omp single
    for (int i = 0; i < 40; i++) {
      #pragma omp task in_reduction(+: y)
      y += 3;
    }
  }
  #pragma omp target map(tofrom: z)
  #pragma omp parallel num_threads(2)
  #pragma omp single
  #pragma omp taskgroup task_reduction(+: z)
  for (int i = 0; i < 30; i++) {
    #pragma omp task in_reduction(+: z)
    z += i * i;
  }
  printf("x %ld m %g y %ld z %ld\n", x, m, y, z);
  return 0;
}

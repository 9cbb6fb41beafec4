// KERNELS: 3
// target in_reduction(op: list) (OpenMP 5.0): a target task taking part in a task reduction works on
// a private copy that starts at the operator's identity and is mapped tofrom (an address taken in
// the region reaches it too), and combines it into the taskgroup's variable once the region is
// done, alongside host tasks doing the same; two operators, a region with nowait.
#include <stdio.h>

#pragma omp declare target
static void add(int *s, int n) {
  for (int i = 1; i <= n; i++) *s += i;
}
#pragma omp end declare target

int main(void) {
  int sum = 0;
  double prod = 1.0;
#pragma omp taskgroup task_reduction(+: sum) task_reduction(*: prod)
  {
#pragma omp target in_reduction(+: sum)
    add(&sum, 10);
#pragma omp target in_reduction(+: sum) in_reduction(*: prod)
    {
      sum += 1000;
      prod *= 3.0;
    }
#pragma omp task in_reduction(+: sum)
    sum += 100;
  }
  printf("sum %d prod %g\n", sum, prod);

  int s = 7;
#pragma omp taskgroup task_reduction(+: s)
  {
#pragma omp target in_reduction(+: s) nowait
    s += 5;
  }
  printf("s %d\n", s);
  return 0;
}

// reduction(task, op: list) (OpenMP 5.0): tasks created in the region take part in its reduction
// through in_reduction. A task may still be queued when its creator reaches the end of the
// construct, so the region waits for the team's tasks before it combines the private copies
// (parallel for, parallel with tasks and no taskwait, sections; several operators).
#include <stdio.h>

int main(void) {
  int y[200];
  for (int i = 0; i < 200; i++) y[i] = i;

  int sum = 0;
#pragma omp parallel for reduction(task, +: sum) num_threads(4)
  for (int i = 0; i < 200; i++) {
#pragma omp task in_reduction(+: sum)
    sum += y[i];
  }
  printf("parallel for: %d\n", sum);

  int s2 = 5;
  long p = 1;
#pragma omp parallel reduction(task, +: s2) reduction(task, *: p) num_threads(3)
  {
#pragma omp master
    {
      for (int k = 1; k <= 10; k++) {
#pragma omp task in_reduction(+: s2) in_reduction(*: p)
        { s2 += k; p *= 2; }
      }
    }
  }
  printf("parallel: %d %ld\n", s2, p);

  int m = -1;
#pragma omp parallel num_threads(2)
  {
#pragma omp sections reduction(task, max: m)
    {
#pragma omp section
      {
#pragma omp task in_reduction(max: m)
        m = m > 41 ? m : 41;
      }
#pragma omp section
      {
#pragma omp task in_reduction(max: m)
        m = m > 17 ? m : 17;
      }
    }
  }
  printf("sections: %d\n", m);
  return 0;
}

// KERNELS: 2
/* num_teams, thread_limit and num_threads bound what the region gets: checked, not printed. */
#include <stdio.h>
#include <omp.h>
int main(void) {
  int over = 0, iters = 0;
#pragma omp target teams distribute parallel for num_teams(2) thread_limit(4) reduction(+ : over, iters)
  for (int i = 0; i < 1000; i++) {
    over += omp_get_num_teams() > 2 || omp_get_num_threads() > 4;
    iters++;
  }
  int inner = 0;
#pragma omp target parallel num_threads(3) map(tofrom : inner)
  {
#pragma omp single
    inner = omp_get_num_threads() >= 1 && omp_get_num_threads() <= 3;
  }
  printf("over=%d iters=%d inner ok=%d\n", over, iters, inner);
  return 0;
}

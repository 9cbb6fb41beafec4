// KERNELS: 3
/* printf inside target regions, from a single thread so the order is fixed; mixed with host output. */
#include <stdio.h>
#include <omp.h>
int main(void) {
  int n = 3;
  double x = 2.5;
  printf("host before\n");
  fflush(stdout);
#pragma omp target
  {
    printf("device: n=%d x=%.2f s=%s\n", n, x, "str");
    for (int i = 0; i < n; i++) printf("  line %d of %d\n", i + 1, n);
  }
  fflush(stdout);
#pragma omp target teams num_teams(4)
  {
    if (omp_get_team_num() == 0) printf("team 0 says hello\n");
  }
  fflush(stdout);
#pragma omp target parallel
  {
#pragma omp single
    printf("one thread of the parallel region: %c%c\n", 'o', 'k');
  }
  fflush(stdout);
  printf("host after\n");
  return 0;
}

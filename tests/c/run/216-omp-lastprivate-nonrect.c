// CLANG-WRONG: clang 19 leaves an inner loop variable of a non-rectangular collapsed nest at its last value plus the inner trip count times the step (j=10 where a sequential run leaves 5)
/* lastprivate loop variables of collapsed non-rectangular nests (an inner loop's bounds use an
   outer variable, OpenMP 5.0): after the loop each holds what a sequential run of the nest leaves
   in it, the increments after the last iteration included. (When an outer value after the last
   iteration starts an inner loop that runs no iteration, gcc 12 leaves the variables at the last
   iteration's values plus one step and jomp runs the nest on as written: not tested here.) */
#include <stdio.h>

int main(void) {
  int i = -1, j = -1, k = -1, n = 5;
  long sum = 0;
  #pragma omp parallel for collapse(2) lastprivate(i, j) reduction(+: sum) num_threads(3)
  for (i = 0; i < n; i++)
    for (j = i; j < n; j++) sum += i * 10 + j;
  printf("upper triangle: i=%d j=%d sum=%ld\n", i, j, sum);

  sum = 0;
  #pragma omp parallel for collapse(2) lastprivate(i, j) reduction(+: sum) num_threads(4)
  for (i = 11; i > 0; i -= 2)
    for (j = 0; j <= i; j += 2) sum += i - j;
  printf("descending, strided: i=%d j=%d sum=%ld\n", i, j, sum);

  sum = 0;
  #pragma omp parallel for collapse(3) lastprivate(i, j, k) reduction(+: sum) num_threads(2)
  for (i = 0; i < 4; i++)
    for (j = 0; j < i; j++)
      for (k = j; k < 4; k++) sum += i + j + k;
  printf("three levels: i=%d j=%d k=%d sum=%ld\n", i, j, k, sum);

  int last_j = 0;
  #pragma omp parallel num_threads(3)
  {
    #pragma omp for collapse(2) lastprivate(j)
    for (int a = 0; a < 6; a++)
      for (j = a; j < 2 * a; j++) last_j = 1;
  }
  printf("orphaned for, declared outer variable: j=%d any=%d\n", j, last_j);
  return 0;
}

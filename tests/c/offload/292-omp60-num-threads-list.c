// KERNELS: 1
// ORACLE: expected
// WHY: OpenMP 6.0's num_threads with a list: gcc 12 and clang 19 refuse num_threads(2, 3, 2) and
// WHY: the strict modifier
/* num_threads(n1, n2, ...) (OpenMP 6.0): the region gets n1 threads; its implicit tasks'
 * nthreads-var is the list after n1, so a nested region without num_threads gets n2 threads, one
 * inside that n3, and past the list's end the last one's; the encountering thread's own
 * nthreads-var is unchanged afterwards. On the host (team sizes and omp_get_max_threads); on the
 * device nested regions may get fewer threads (nvptx64: one), so the nested counts are bounds. */
#include <stdio.h>
#include <omp.h>
int main(void) {
  omp_set_max_active_levels(4);
  int before = omp_get_max_threads(), t1 = 0, m1 = 0, t2 = 0, m2 = 0, t3 = 0, m3 = 0, t4 = 0;
#pragma omp parallel num_threads(strict: 2, 3, 2) shared(t1, m1, t2, m2, t3, m3, t4)
  {
    if (omp_get_thread_num() == 0) { t1 = omp_get_num_threads(); m1 = omp_get_max_threads(); }
#pragma omp parallel
    {
      if (omp_get_thread_num() == 0 && omp_get_ancestor_thread_num(1) == 0) { t2 = omp_get_num_threads(); m2 = omp_get_max_threads(); }
#pragma omp parallel
      {
        if (omp_get_thread_num() == 0 && omp_get_ancestor_thread_num(1) == 0 && omp_get_ancestor_thread_num(2) == 0) {
          t3 = omp_get_num_threads();
          m3 = omp_get_max_threads();
        }
#pragma omp parallel
        if (omp_get_thread_num() == 0 && omp_get_ancestor_thread_num(1) == 0 && omp_get_ancestor_thread_num(2) == 0 && omp_get_ancestor_thread_num(3) == 0)
          t4 = omp_get_num_threads();
      }
    }
  }
  printf("host: teams of %d, %d, %d, %d threads; nthreads-var inside %d, %d, %d; unchanged after %d\n", t1, t2, t3, t4,
         m1, m2, m3, omp_get_max_threads() == before);

  int a = 0, b = 0, c = 0, same = 0;
#pragma omp target map(from: a, b, c, same)
  {
    int mine = omp_get_max_threads();
#pragma omp parallel num_threads(2, 3, 5)
    {
      if (omp_get_thread_num() == 0) a = omp_get_num_threads();
#pragma omp parallel
      {
        if (omp_get_thread_num() == 0 && omp_get_ancestor_thread_num(1) == 0) b = omp_get_num_threads();
#pragma omp parallel
        if (omp_get_thread_num() == 0 && omp_get_ancestor_thread_num(1) == 0 && omp_get_ancestor_thread_num(2) == 0)
          c = omp_get_num_threads();
      }
    }
    same = omp_get_max_threads() == mine;
  }
  printf("device: team of %d, nested teams of at most 3 %d and at most 5 %d; unchanged after %d\n", a, b >= 1 && b <= 3,
         c >= 1 && c <= 5, same);
  return 0;
}

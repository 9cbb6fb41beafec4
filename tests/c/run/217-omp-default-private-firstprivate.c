/* default(firstprivate) and default(private) (OpenMP 5.1): every variable the construct references
   without a data-sharing attribute of its own gets that attribute, on parallel, teams, task and
   taskloop regions and combined constructs; a local static too; listed variables keep their
   clause, and variables privatised by a nested construct are not captured. */
#include <stdio.h>
#include <omp.h>

int main(void) {
  int x = 1, y = 2, a[3] = {1, 2, 3}, shared_sum = 0;
  static int st = 5;
  #pragma omp parallel default(firstprivate) num_threads(4) shared(shared_sum)
  {
    x += 10;                  /* each thread's own copy, starting at 1 */
    a[0] += x;
    st += 1;
    #pragma omp atomic
    shared_sum += x + a[0] + st;
  }
  printf("firstprivate parallel: x=%d a0=%d st=%d sum=%d\n", x, a[0], st, shared_sum);

  shared_sum = 0;
  #pragma omp parallel default(private) num_threads(3) shared(shared_sum)
  {
    x = omp_get_thread_num();   /* private, uninitialised: set before use */
    y = 1;
    #pragma omp atomic
    shared_sum += y;
    (void)x;
  }
  printf("private parallel: x=%d y=%d threads=%d\n", x, y, shared_sum);

  #pragma omp parallel for default(firstprivate) num_threads(2) lastprivate(y) schedule(static, 3)
  for (int i = 0; i < 6; i++) { x = x + i; y = x; }
  printf("firstprivate parallel for: x=%d y=%d\n", x, y);

  #pragma omp parallel num_threads(2) shared(x)
  #pragma omp single
  {
    #pragma omp task default(firstprivate)
    { x = 99; a[1] = 99; }
    #pragma omp taskwait
  }
  printf("firstprivate task: x=%d a1=%d\n", x, a[1]);

  int total = 0;
  #pragma omp taskloop default(firstprivate) shared(total) num_tasks(3)
  for (int i = 0; i < 6; i++) {
    a[0] = x + i;
    #pragma omp atomic
    total += a[0];
  }
  printf("firstprivate taskloop: a0=%d total=%d\n", a[0], total);

  #pragma omp teams default(firstprivate) num_teams(2)
  { y = -1; a[2] = -1; }
  printf("firstprivate teams: y=%d a2=%d\n", y, a[2]);

  #pragma omp parallel default(firstprivate) num_threads(2)
  {
    #pragma omp parallel private(y) num_threads(2)
    y = 7;
  }
  printf("privatised inside: y=%d\n", y);
  return 0;
}

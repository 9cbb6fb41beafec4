// KERNELS: 1
// taskloop on the team's threads: grainsize (also strict) and num_tasks decide the tasks, each
// iteration runs once, reductions combine, lastprivate comes from the last iteration, a variable
// that is private in the encountering task is firstprivate in each task, nogroup needs taskwait.
#include <stdio.h>
#include <omp.h>
#define N 1000
int main(void) {
  static int hits[N], grid[20][30];
  long sum = 0, sum2 = 0;
  int last = -1, tasks_used = 0;
  #pragma omp parallel num_threads(4) shared(hits, grid, sum, sum2, last, tasks_used)
  #pragma omp single
  {
    int scale = 3;   /* private to the single's thread: firstprivate in every task */
    #pragma omp taskloop grainsize(strict: 64) reduction(+: sum) lastprivate(last)
    for (int i = 0; i < N; i++) { hits[i]++; sum += (long) i * scale; last = i; }
    #pragma omp taskloop num_tasks(7) collapse(2)
    for (int i = 0; i < 20; i++)
      for (int j = 0; j < 30; j++) grid[i][j] = i * j;
    #pragma omp taskloop nogroup grainsize(100)
    for (int i = 0; i < N; i++) {
      hits[i]++;
      #pragma omp atomic
      sum2 += i;
    }
    #pragma omp taskwait
    int firsts[N / 50] = {0};
    #pragma omp taskloop num_tasks(strict: N / 50) shared(firsts)
    for (int i = 0; i < N; i++) if (i % 50 == 0) firsts[i / 50] = 1;
    for (int k = 0; k < N / 50; k++) tasks_used += firsts[k];
  }
  int once = 1, g = 0;
  for (int i = 0; i < N; i++) once &= hits[i] == 2;
  for (int i = 0; i < 20; i++) for (int j = 0; j < 30; j++) g += grid[i][j];
  printf("every iteration twice: %d; sum %ld sum2 %ld; last %d; grid %d; blocks %d\n", once, sum, sum2, last, g, tasks_used);
  long dsum = 0;
  #pragma omp target map(tofrom: dsum)
  #pragma omp parallel master taskloop reduction(+: dsum) num_threads(2)
  for (int i = 0; i < N; i++) dsum += i % 10;
  printf("parallel master taskloop on the device: %ld\n", dsum);
  return 0;
}

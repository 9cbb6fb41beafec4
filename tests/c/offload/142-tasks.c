// KERNELS: 1
// Deferred tasks: recursive tasks with taskwait, sibling dependences (out, in, inout: the readers
// run between the writers), taskgroup waiting for descendants, default data sharing (firstprivate
// unless shared by the team), tasks in a target region, omp_in_final in final tasks.
#include <stdio.h>
#include <omp.h>
static int fib(int n) {
  if (n < 2) return n;
  int a, b;
  #pragma omp task shared(a) final(n < 10)
  a = fib(n - 1);
  #pragma omp task shared(b) final(n < 10)
  b = fib(n - 2);
  #pragma omp taskwait
  return a + b;
}
int main(void) {
  int r = 0, x = 0, log[8], n = 0, fp = 1, cnt = 0, finals = 0;
  #pragma omp parallel num_threads(4) shared(r, x, log, n, cnt)
  #pragma omp single
  {
    r = fib(22);
    #pragma omp task depend(out: x)
    { x = 1; log[n++] = 1; }
    #pragma omp task depend(in: x)
    {
      #pragma omp critical
      log[n++] = 10 + x;
    }
    #pragma omp task depend(in: x)
    {
      #pragma omp critical
      log[n++] = 20 + x;
    }
    #pragma omp task depend(inout: x)
    { x = 2; log[n++] = 3; }
    #pragma omp task
    fp = 5;   /* fp is firstprivate in the task: the original keeps 1 */
    #pragma omp taskgroup
    for (int i = 0; i < 50; i++) {
      #pragma omp task
      {
        #pragma omp task
        {
          #pragma omp atomic
          cnt++;
        }
      }
    }
    printf("after taskgroup: %d\n", cnt);
    #pragma omp task final(1)
    {
      #pragma omp task
      finals = omp_in_final() * 10 + 1;
    }
  }
  printf("fib(22) = %d; x = %d; order %d %d %d (readers between writers); fp = %d; finals %d\n",
         r, x, log[0], log[1] + log[2], log[3], fp, finals);
  int dev[16] = {0};
  #pragma omp target map(tofrom: dev)
  #pragma omp parallel num_threads(2)
  #pragma omp single
  for (int i = 0; i < 16; i++) {
    #pragma omp task depend(out: dev[i]) firstprivate(i)
    dev[i] = i * i;
    #pragma omp task depend(inout: dev[i]) firstprivate(i)
    dev[i] += 1;
  }
  int ds = 0;
  for (int i = 0; i < 16; i++) ds += dev[i];
  printf("tasks in a target region: %d\n", ds);
  return 0;
}

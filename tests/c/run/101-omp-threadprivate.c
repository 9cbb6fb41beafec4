/* threadprivate (file scope and static local), copyin, values that persist between parallel
 * regions, and C11 _Thread_local / GNU __thread, all with 4 threads. */
#include <stdio.h>
#include <omp.h>

int counter = 5;
#pragma omp threadprivate(counter)
static double scale[3] = {1.5, 2.5, 3.5};
#pragma omp threadprivate(scale)
struct acc { int n; long sum; };
static struct acc acc = {0, 100};
#pragma omp threadprivate(acc)
_Thread_local int tl = 7;
static __thread char tag = 'a';

static int next_id(void) {
  static int id = 1000;
#pragma omp threadprivate(id)
  return id++;
}

int main(void) {
  int total = 0, per[4] = {0};
#pragma omp parallel num_threads(4) reduction(+ : total)
  {
    int t = omp_get_thread_num();
    counter += t;             /* each thread starts from the initial value 5 */
    total += counter;
    scale[t % 3] *= 2;
    acc.n++; acc.sum += t;
    per[t] = next_id() + next_id();   /* 1000 + 1001 in every thread */
  }
  printf("total=%d primary counter=%d scale=%.1f %.1f %.1f acc=%d %ld\n", total, counter, scale[0], scale[1], scale[2], acc.n, acc.sum);
  printf("ids %d %d %d %d\n", per[0], per[1], per[2], per[3]);

  /* the values persist into the next region with the same number of threads */
  int same = 0;
#pragma omp parallel num_threads(4) reduction(+ : same)
  same += counter == 5 + omp_get_thread_num();
  printf("persisted in %d of 4 threads\n", same);

  /* copyin: every thread starts from the primary thread's value */
  counter = 42;
  int sum = 0;
#pragma omp parallel num_threads(4) copyin(counter) reduction(+ : sum)
  { counter += 1; sum += counter; }
  printf("copyin sum=%d primary=%d\n", sum, counter);

  int tls = 0;
#pragma omp parallel num_threads(4) reduction(+ : tls)
  { tl += omp_get_thread_num(); tag += 1; tls += tl + tag; }
  printf("thread-local: tls=%d tl=%d tag=%c\n", tls, tl, tag);
  return 0;
}

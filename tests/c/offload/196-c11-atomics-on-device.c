// KERNELS: 2
/* C11 atomics in target regions: mapped counters used through _Atomic pointers by every thread of
 * every team, with compound assignments, ++ and -- (compare-exchange loops on the device), seq_cst
 * atomic reads and writes, and <stdatomic.h>'s generic functions (gcc and clang do not map _Atomic
 * objects themselves: the program maps plain ones). */
#include <stdatomic.h>
#include <stdio.h>
#define N 4096
int main(void) {
  int cnt[3] = {0, 0, -1};      /* hits, bits, max */
  long sum = 0, count = 0;
  #pragma omp target teams distribute parallel for map(tofrom: cnt, sum)
  for (int i = 0; i < N; i++) {
    _Atomic int *hits = (_Atomic int *)&cnt[0], *maxv = (_Atomic int *)&cnt[2];
    _Atomic unsigned *bits = (_Atomic unsigned *)&cnt[1];
    _Atomic long *s = (_Atomic long *)&sum;
    (*hits)++;
    *s += i;
    *bits |= 1u << (i % 32);
    if (i % 2 == 0) --*hits;
    int seen = atomic_load(maxv);
    while (seen < i && !atomic_compare_exchange_weak(maxv, &seen, i)) { }
  }
  #pragma omp target map(tofrom: count)
  {
    _Atomic long *c = (_Atomic long *)&count;
    atomic_store(c, 10);
    atomic_fetch_add_explicit(c, 5, memory_order_relaxed);
    *c *= 2;
    long v = *c;
    *c = v + 1;
  }
  printf("hits %d sum %ld bits %x max %d count %ld\n", cnt[0], sum, (unsigned)cnt[1], cnt[2], count);
  return 0;
}

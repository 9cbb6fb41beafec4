/* GCC's __sync_* and __atomic_* builtins under contention (4 threads): fetch-and-op and op-and-fetch
 * on char, short, int, unsigned, long, unsigned long long and pointers, compare-and-swap in its
 * three forms, exchange, load and store with every memory order, fences, lock-free queries. */
#include <stdio.h>
#include <omp.h>
int main(void) {
  int cnt = 0, mx = 0, mn = 1 << 30, flag = 0, bits = 0, nd = -1; long l = 0; unsigned um = 0; char ch = 0; short s = 0;
  long d = 0; int *p = 0, arr[4]; int wins = 0; unsigned long long ull = 0;
  #pragma omp parallel for num_threads(4)
  for (int i = 0; i < 10000; i++) {
    __sync_fetch_and_add(&cnt, 1);
    __atomic_fetch_or(&mx, 1, __ATOMIC_RELAXED);
    __atomic_fetch_and(&mn, ~(1 << (i % 20)), __ATOMIC_ACQ_REL);
    __atomic_add_fetch(&l, (long)i, __ATOMIC_SEQ_CST);
    __atomic_fetch_xor(&um, (unsigned)i * 3u, __ATOMIC_RELAXED);
    __sync_add_and_fetch(&ch, 1);
    __atomic_fetch_sub(&s, 1, __ATOMIC_RELEASE);
    __sync_fetch_and_or(&bits, 1 << (i % 31));
    if (__sync_bool_compare_and_swap(&flag, 0, i + 1)) __atomic_fetch_add(&wins, 1, __ATOMIC_RELAXED);
    int e = 0;
    __atomic_compare_exchange_n(&nd, &e, 5, 0, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED);
    if (i == 17) __atomic_store_n(&d, 25L, __ATOMIC_RELEASE);
    (void) __atomic_exchange_n(&p, &arr[1], __ATOMIC_ACQ_REL);
    __atomic_fetch_add(&ull, 3ull, __ATOMIC_RELAXED);
    __atomic_fetch_nand(&nd, 0, __ATOMIC_RELAXED);
  }
  __sync_synchronize();
  __atomic_thread_fence(__ATOMIC_SEQ_CST);
  int e = -1; int ok = __atomic_compare_exchange_n(&cnt, &e, 0, 1, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  int old = __sync_val_compare_and_swap(&mx, 1, 2);
  int lt = __sync_lock_test_and_set(&flag, 0); __sync_lock_release(&wins);
  printf("%d %d %d %ld %u %d %d %x %d %d %ld %d %llu %d %d %d %d %d %d %d\n", cnt, mx, mn, l, um, ch, s, bits, wins, nd, __atomic_load_n(&d, __ATOMIC_ACQUIRE),
         (int)(p - arr), ull, ok, e, old, lt != 0, __atomic_always_lock_free(8, 0), __atomic_is_lock_free(4, &cnt), __has_builtin(__atomic_fetch_add));
  return 0;
}

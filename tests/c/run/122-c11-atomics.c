/* C11 atomics under contention (4 threads): _Atomic objects, whose reads, writes, compound
 * assignments and ++/-- are sequentially consistent atomics (integers, a double, a pointer, a
 * struct member, an array element, through a pointer; a double read and written), and <stdatomic.h>: its types, the generic
 * functions with and without a memory order, compare-exchange, exchange, atomic_flag as a lock,
 * fences, the lock-free macros and queries. */
#include <stdatomic.h>
#include <stdio.h>
#include <omp.h>

struct counters { atomic_uint hits; _Atomic(unsigned char) small; long plain; };

static _Atomic long total;
static _Atomic double dsum;
static atomic_int cells[4];
static int arr[8];
static _Atomic(int *) cursor = arr;

static void bump(_Atomic int *p, int by) { *p += by; }

int main(void) {
  struct counters c = { 0, 0, 0 };
  atomic_llong big = ATOMIC_VAR_INIT(1);
  atomic_short sh;
  atomic_init(&sh, 0);
  atomic_flag lock = ATOMIC_FLAG_INIT;
  atomic_int winner = 0, xchg = 0, order = 0;
  long guarded = 0;
  #pragma omp parallel for num_threads(4)
  for (int i = 0; i < 40000; i++) {
    total += 3;
    total -= 1;
    c.hits++;
    ++c.small;               /* wraps at 256 */
    cells[i % 4] |= 1 << (i % 20);
    bump(&cells[(i + 1) % 4], 0);
    if (i % 2 == 0) sh--; else --sh;
    big *= 1;                /* a multiplication: a compare-exchange loop */
    atomic_fetch_add(&big, 2);
    atomic_fetch_sub_explicit(&big, 1, memory_order_relaxed);
    atomic_fetch_xor(&order, i);
    int expected = 0;
    if (atomic_compare_exchange_strong(&winner, &expected, i + 1)) atomic_fetch_or(&order, 0);
    atomic_exchange_explicit(&xchg, 7, memory_order_acq_rel);
    while (atomic_flag_test_and_set_explicit(&lock, memory_order_acquire)) { }
    guarded += 2;            /* a plain long, guarded by the flag */
    atomic_flag_clear_explicit(&lock, memory_order_release);
  }
  atomic_thread_fence(memory_order_seq_cst);
  atomic_signal_fence(memory_order_seq_cst);
  int *before = cursor;
  cursor++;
  ++cursor;
  dsum = 2.5;
  double d = dsum;
  int *after = atomic_load(&cursor);
  int w = winner;
  atomic_int weak = 5;
  int exp5 = 5;
  while (!atomic_compare_exchange_weak(&weak, &exp5, 6)) exp5 = 5;
  int fail = 1;
  int ok = atomic_compare_exchange_strong(&weak, &fail, 9);   /* fails: fail becomes 6 */
  printf("total %ld hits %u small %u plain %ld dsum %.2f\n", (long)total, (unsigned)c.hits, (unsigned)c.small, c.plain, d);
  printf("cells %x %x %x %x short %d big %lld order %d\n", (unsigned)cells[0], (unsigned)cells[1], (unsigned)cells[2], (unsigned)cells[3],
         (int)sh, (long long)big, atomic_load_explicit(&order, memory_order_acquire));
  printf("winner in range %d xchg %d guarded %ld cursor moved %td weak %d ok %d fail %d\n", w >= 1 && w <= 40000, (int)xchg, guarded,
         after - before, (int)weak, ok, fail);
  printf("lock-free %d %d %d %d %d %d\n", ATOMIC_INT_LOCK_FREE, ATOMIC_LLONG_LOCK_FREE, ATOMIC_POINTER_LOCK_FREE,
         (int)atomic_is_lock_free(&total), (int)atomic_is_lock_free(&sh), (int)sizeof(atomic_int));
  return 0;
}

/* C11 atomics on _Atomic structs of 8 bytes (one instruction), 16 and 24 bytes (a lock; no
 * padding, which clang's compare-exchange would compare): clang's
 * __c11_atomic_init/load/store/exchange/compare_exchange_strong/_weak and <stdatomic.h>'s
 * atomic_load/store/exchange/compare_exchange_strong/_weak, alone and under contention from 4
 * threads (every load must see a whole value: the fields' invariant holds). gcc has no __c11
 * builtins: its build runs the same operations through <stdatomic.h> (gcc's calls libatomic),
 * so gcc checks the values and clang-19's build (CorpusOracleTest) the __c11 forms. */
// FLAGS: -Wl,--no-as-needed -latomic
#ifdef __clang__ /* what clang warns of: gcc's build calls libatomic there too */
#pragma clang diagnostic ignored "-Watomic-alignment"
#endif
#include <stdatomic.h>
#include <stdio.h>
#include <omp.h>
#ifdef __clang__
#define INIT(p, v) __c11_atomic_init(p, v)
#define LOAD(p) __c11_atomic_load(p, __ATOMIC_SEQ_CST)
#define LOADA(p) __c11_atomic_load(p, __ATOMIC_ACQUIRE)
#define STORE(p, v) __c11_atomic_store(p, v, __ATOMIC_RELEASE)
#define XCHG(p, v) __c11_atomic_exchange(p, v, __ATOMIC_ACQ_REL)
#define CAS(p, e, d) __c11_atomic_compare_exchange_strong(p, e, d, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED)
#define CASW(p, e, d) __c11_atomic_compare_exchange_weak(p, e, d, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)
#else
#define INIT(p, v) atomic_init(p, v)
#define LOAD(p) atomic_load(p)
#define LOADA(p) atomic_load_explicit(p, memory_order_acquire)
#define STORE(p, v) atomic_store_explicit(p, v, memory_order_release)
#define XCHG(p, v) atomic_exchange_explicit(p, v, memory_order_acq_rel)
#define CAS(p, e, d) atomic_compare_exchange_strong_explicit(p, e, d, memory_order_seq_cst, memory_order_relaxed)
#define CASW(p, e, d) atomic_compare_exchange_weak_explicit(p, e, d, memory_order_acq_rel, memory_order_acquire)
#endif

struct Pair { int lo, hi; };            /* 8 bytes */
struct Three { int a, b, sum, tag; };   /* 16 bytes */
struct Wide { long a, b, sum; };        /* 24 bytes */

static _Atomic struct Pair pair;
static _Atomic struct Three three;
static _Atomic struct Wide wide;

static struct Three make3(int a, int b) { struct Three t = {a, b, a + b, 3}; return t; }

int main(void) {
  struct Pair p0 = {1, 2};
  INIT(&pair, p0);
  INIT(&three, make3(3, 4));
  struct Wide w0 = {5, 6, 11};
  INIT(&wide, w0);

  struct Pair p = LOAD(&pair);
  struct Three t = LOADA(&three);
  struct Wide w = LOAD(&wide);
  printf("init %d %d | %d %d %d | %ld %ld %ld\n", p.lo, p.hi, t.a, t.b, t.sum, w.a, w.b, w.sum);

  STORE(&pair, ((struct Pair){7, 8}));
  struct Three old3 = XCHG(&three, make3(10, 20));
  struct Wide neww = {100, 200, 300};
  struct Wide oldw = XCHG(&wide, neww);
  p = LOAD(&pair);
  t = LOAD(&three);
  w = LOAD(&wide);
  printf("store/xchg %d %d | old %d %d %d now %d %d %d | old %ld %ld %ld now %ld\n", p.lo, p.hi, old3.a, old3.b,
         old3.sum, t.a, t.b, t.sum, oldw.a, oldw.b, oldw.sum, w.sum);

  /* a compare-exchange that fails writes the value found to *expected; one that succeeds stores */
  struct Three expect = make3(1, 1);
  int ok = CAS(&three, &expect, make3(2, 2));
  printf("cas fail %d expected now %d %d %d\n", ok, expect.a, expect.b, expect.sum);
  ok = CAS(&three, &expect, make3(2, 2));
  t = LOAD(&three);
  printf("cas ok %d now %d %d %d\n", ok, t.a, t.b, t.sum);
  struct Pair ep = {7, 8};
  ok = CAS(&pair, &ep, ((struct Pair){9, 10}));
  p = LOAD(&pair);
  printf("pair cas %d now %d %d\n", ok, p.lo, p.hi);

  /* contention: every update is a compare-exchange loop, every load must see a consistent value */
  INIT(&three, make3(0, 0));
  INIT(&wide, ((struct Wide){0, 0, 0}));
  INIT(&pair, ((struct Pair){0, 0}));
  int torn = 0;
  #pragma omp parallel for num_threads(4) reduction(+ : torn)
  for (int i = 0; i < 4000; i++) {
    struct Three e = LOAD(&three);
    while (!CASW(&three, &e, make3(e.a + 1, e.b + i % 3)))
      ;
    struct Wide ew = LOAD(&wide);
    struct Wide dw;
    do {
      dw.a = ew.a + i;
      dw.b = ew.b + 2;
      dw.sum = dw.a + dw.b;
    } while (!CAS(&wide, &ew, dw));
    struct Pair ep2 = LOAD(&pair), dp;
    do {
      dp.lo = ep2.lo + 1;
      dp.hi = ep2.hi - 1;
    } while (!CASW(&pair, &ep2, dp));
    struct Three seen = LOAD(&three);
    struct Wide seenw = LOAD(&wide);
    struct Pair seenp = LOAD(&pair);
    torn += seen.sum != seen.a + seen.b;
    torn += seenw.sum != seenw.a + seenw.b;
    torn += seenp.lo != -seenp.hi;
  }
  t = LOAD(&three);
  w = LOAD(&wide);
  p = LOAD(&pair);
  printf("contended %d %d %d | %ld %ld %ld | %d %d | torn %d\n", t.a, t.b, t.sum, w.a, w.b, w.sum, p.lo, p.hi, torn);

  /* exchanges from 4 threads: each value taken out exactly once */
  INIT(&wide, ((struct Wide){-1, 0, -1}));
  long total = 0;
  #pragma omp parallel for num_threads(4) reduction(+ : total)
  for (int i = 0; i < 1000; i++) {
    struct Wide mine = {i, 1, i + 1};
    struct Wide got = XCHG(&wide, mine);
    total += got.a + got.b;
    torn += got.sum != got.a + got.b;
  }
  w = LOAD(&wide);
  total += w.a + w.b;
  printf("exchanged total %ld torn %d\n", total, torn);
  return 0;
}

/* clang's __c11_atomic_* builtins on _Atomic objects (integers, _Bool, pointers, float, double),
 * alone and under contention from 4 threads, and the __CLANG_ATOMIC_* macros. gcc has no __c11
 * builtins: its build runs the same operations through GCC's __atomic builtins (pointer sums in
 * bytes, floating-point sums as compare-exchange loops), so gcc checks the values and clang-19's
 * build (CorpusOracleTest) the __c11 forms. */
#include <stdio.h>
#include <omp.h>
#ifdef __clang__
#define INIT(p, v) __c11_atomic_init(p, v)
#define LOAD(p, o) __c11_atomic_load(p, o)
#define STORE(p, v, o) __c11_atomic_store(p, v, o)
#define XCHG(p, v, o) __c11_atomic_exchange(p, v, o)
#define CAS(p, e, d, s, f) __c11_atomic_compare_exchange_strong(p, e, d, s, f)
#define CASW(p, e, d, s, f) __c11_atomic_compare_exchange_weak(p, e, d, s, f)
#define ADD(p, v, o) __c11_atomic_fetch_add(p, v, o)
#define SUB(p, v, o) __c11_atomic_fetch_sub(p, v, o)
#define AND(p, v, o) __c11_atomic_fetch_and(p, v, o)
#define OR(p, v, o) __c11_atomic_fetch_or(p, v, o)
#define XOR(p, v, o) __c11_atomic_fetch_xor(p, v, o)
#define NAND(p, v, o) __c11_atomic_fetch_nand(p, v, o)
#define MAX(p, v, o) __c11_atomic_fetch_max(p, v, o)
#define MIN(p, v, o) __c11_atomic_fetch_min(p, v, o)
#define PADD(p, n, o) __c11_atomic_fetch_add(p, n, o)
#define PSUB(p, n, o) __c11_atomic_fetch_sub(p, n, o)
#define DADD(p, v, o) __c11_atomic_fetch_add(p, v, o)
#define FMAX(p, v, o) __c11_atomic_fetch_max(p, v, o)
#define THREAD_FENCE(o) __c11_atomic_thread_fence(o)
#define SIGNAL_FENCE(o) __c11_atomic_signal_fence(o)
#define LOCK_FREE(n) __c11_atomic_is_lock_free(n)
#define CLANG_LOCK_FREE __CLANG_ATOMIC_INT_LOCK_FREE + __CLANG_ATOMIC_POINTER_LOCK_FREE + __CLANG_ATOMIC_LLONG_LOCK_FREE
#else /* gcc: <stdatomic.h>, and compare-exchange loops where it has no operation */
#include <stdatomic.h>
#define INIT(p, v) atomic_init(p, v)
#define LOAD(p, o) atomic_load_explicit(p, o)
#define STORE(p, v, o) atomic_store_explicit(p, v, o)
#define XCHG(p, v, o) atomic_exchange_explicit(p, v, o)
#define CAS(p, e, d, s, f) atomic_compare_exchange_strong_explicit(p, e, d, s, f)
#define CASW(p, e, d, s, f) atomic_compare_exchange_weak_explicit(p, e, d, s, f)
#define ADD(p, v, o) atomic_fetch_add_explicit(p, v, o)
#define SUB(p, v, o) atomic_fetch_sub_explicit(p, v, o)
#define AND(p, v, o) atomic_fetch_and_explicit(p, v, o)
#define OR(p, v, o) atomic_fetch_or_explicit(p, v, o)
#define XOR(p, v, o) atomic_fetch_xor_explicit(p, v, o)
#define RMW(p, new, o) ({ __typeof__(atomic_load(p)) old_ = atomic_load_explicit(p, __ATOMIC_RELAXED), v_; \
  do v_ = (new); while (!atomic_compare_exchange_weak_explicit(p, &old_, v_, o, __ATOMIC_RELAXED)); old_; })
#define NAND(p, v, o) RMW(p, ~(old_ & (v)), o)
#define MAX(p, v, o) RMW(p, old_ > (v) ? old_ : (v), o)
#define MIN(p, v, o) RMW(p, old_ < (v) ? old_ : (v), o)
#define PADD(p, n, o) atomic_fetch_add_explicit(p, (n) * sizeof(**(p)), o) /* gcc's header adds bytes */
#define PSUB(p, n, o) atomic_fetch_sub_explicit(p, (n) * sizeof(**(p)), o)
#define DADD(p, v, o) RMW(p, old_ + (v), o)
#define FMAX(p, v, o) MAX(p, v, o)
#define THREAD_FENCE(o) atomic_thread_fence(o)
#define SIGNAL_FENCE(o) atomic_signal_fence(o)
#define LOCK_FREE(n) __atomic_always_lock_free(n, 0)
#define CLANG_LOCK_FREE 6
#endif
static int arr[16];
int main(void) {
  _Atomic int i; _Atomic unsigned u; _Atomic long l; _Atomic short s; _Atomic char c; _Atomic _Bool b;
  _Atomic(int *) p; _Atomic double d; _Atomic float f;
  INIT(&i, 5); INIT(&u, 0xF0u); INIT(&l, -1L); INIT(&s, 7); INIT(&c, 'a'); INIT(&b, 0); INIT(&p, arr);
  INIT(&d, 0.5); INIT(&f, -1.0f);
  int r1 = ADD(&i, 3, __ATOMIC_SEQ_CST), r2 = SUB(&i, 10, __ATOMIC_RELAXED), r3 = LOAD(&i, __ATOMIC_ACQUIRE);
  printf("int: %d %d %d\n", r1, r2, r3);
  unsigned u1 = AND(&u, 0x3Cu, __ATOMIC_ACQ_REL), u2 = OR(&u, 0x101u, __ATOMIC_RELEASE), u3 = XOR(&u, 0xFFu, __ATOMIC_SEQ_CST);
  unsigned u4 = NAND(&u, 0x1F0u, __ATOMIC_SEQ_CST), u5 = MAX(&u, 0x80000000u, __ATOMIC_SEQ_CST), u6 = LOAD(&u, __ATOMIC_SEQ_CST);
  printf("unsigned: %x %x %x %x %x %x\n", u1, u2, u3, u4, u5, u6);
  long l1 = MIN(&l, -100L, __ATOMIC_SEQ_CST), l2 = MAX(&l, 5L, __ATOMIC_SEQ_CST), l3 = XCHG(&l, 1L << 40, __ATOMIC_SEQ_CST);
  printf("long: %ld %ld %ld %ld\n", l1, l2, l3, LOAD(&l, __ATOMIC_SEQ_CST));
  short s1 = ADD(&s, 32767, __ATOMIC_SEQ_CST); char c1 = SUB(&c, 1, __ATOMIC_SEQ_CST);
  printf("short, char: %d %d %d %d\n", s1, LOAD(&s, __ATOMIC_SEQ_CST), c1, LOAD(&c, __ATOMIC_SEQ_CST));
  _Bool b1 = XCHG(&b, 1, __ATOMIC_SEQ_CST), b2 = LOAD(&b, __ATOMIC_SEQ_CST);
  printf("bool: %d %d\n", b1, b2);
  int *p1 = PADD(&p, 3, __ATOMIC_SEQ_CST), *p2 = PSUB(&p, 1, __ATOMIC_SEQ_CST), *p3 = LOAD(&p, __ATOMIC_SEQ_CST);
  printf("pointer: %d %d %d\n", (int) (p1 - arr), (int) (p2 - arr), (int) (p3 - arr));
  double d1 = DADD(&d, 2.25, __ATOMIC_SEQ_CST); float f1 = FMAX(&f, 3.5f, __ATOMIC_SEQ_CST), f2 = FMAX(&f, 1.0f, __ATOMIC_SEQ_CST);
  printf("floating: %g %g %g %g %g\n", d1, LOAD(&d, __ATOMIC_SEQ_CST), f1, f2, LOAD(&f, __ATOMIC_SEQ_CST));
  STORE(&d, -0.0, __ATOMIC_RELEASE);
  double de = 0.0; /* -0.0 and 0.0 differ in their bits, which the exchange compares */
  int ok1 = CAS(&d, &de, 1.0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  int e = 99, ok2 = CAS(&i, &e, 1, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED), ok3 = CAS(&i, &e, 1, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED);
  printf("cas: %d %g %d %d %d %d\n", ok1, de, ok2, e, ok3, LOAD(&i, __ATOMIC_SEQ_CST));

  _Atomic long sum; _Atomic int hi; _Atomic double total; _Atomic(int *) cursor; _Atomic unsigned bits;
  INIT(&sum, 0); INIT(&hi, -1); INIT(&total, 0); INIT(&cursor, arr); INIT(&bits, 0);
  #pragma omp parallel for num_threads(4)
  for (int k = 0; k < 8000; k++) {
    ADD(&sum, k, __ATOMIC_RELAXED);
    MAX(&hi, k % 1000, __ATOMIC_RELAXED);
    DADD(&total, 0.5, __ATOMIC_SEQ_CST);
    OR(&bits, 1u << (k % 32), __ATOMIC_RELAXED);
    int *cur = LOAD(&cursor, __ATOMIC_ACQUIRE);
    while (!CASW(&cursor, &cur, cur == arr + 15 ? arr : cur + 1, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) {}
    THREAD_FENCE(__ATOMIC_SEQ_CST);
    SIGNAL_FENCE(__ATOMIC_SEQ_CST);
  }
  printf("threads: %ld %d %g %x %d\n", LOAD(&sum, __ATOMIC_SEQ_CST), LOAD(&hi, __ATOMIC_SEQ_CST),
         LOAD(&total, __ATOMIC_SEQ_CST), LOAD(&bits, __ATOMIC_SEQ_CST), (int) (LOAD(&cursor, __ATOMIC_SEQ_CST) - arr));
  printf("lock-free: %d %d %d %d %d\n", LOCK_FREE(1), LOCK_FREE(2), LOCK_FREE(4), LOCK_FREE(8), CLANG_LOCK_FREE);
  return 0;
}

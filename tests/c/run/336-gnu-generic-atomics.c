/* GCC's generic atomic builtins, which move objects through pointers: __atomic_load, __atomic_store,
 * __atomic_exchange and __atomic_compare_exchange on integers, float, double, pointers and structs
 * of 1, 2, 4 and 8 bytes (lock-free) and of 3, 12, 16 and 24 bytes (libatomic's locks in gcc's
 * build, the runtime's in jomp's), under contention from 4 threads; the flag builtins. */
// FLAGS: -Wl,--no-as-needed -latomic
#ifdef __clang__ /* what clang warns of: gcc's build calls libatomic there too */
#pragma clang diagnostic ignored "-Watomic-alignment"
#endif
#include <stdio.h>
#include <string.h>
#include <omp.h>
struct P { short x, y; };
struct S3 { unsigned char a[3]; };
struct S12 { int a, b, c; };
struct S16 { long a, b; };
struct S24 { long a, b, c; };
static struct S24 big;
static struct S12 mid;
static struct S16 pair;
int main(void) {
  char c = 1; short s = 2; int i = 3; long l = 4; float f = 1.5f; double d = 2.25; int *ip = &i;
  struct P pt = {1, 2}; struct S3 s3 = {{1, 2, 3}};
  char rc; short rs; int ri; long rl; float rf; double rd; int *rp; struct P rpt; struct S3 r3;
  __atomic_load(&c, &rc, __ATOMIC_RELAXED);
  __atomic_load(&s, &rs, __ATOMIC_ACQUIRE);
  __atomic_load(&i, &ri, __ATOMIC_SEQ_CST);
  __atomic_load(&l, &rl, __ATOMIC_CONSUME);
  __atomic_load(&f, &rf, __ATOMIC_SEQ_CST);
  __atomic_load(&d, &rd, __ATOMIC_SEQ_CST);
  __atomic_load(&ip, &rp, __ATOMIC_SEQ_CST);
  __atomic_load(&pt, &rpt, __ATOMIC_SEQ_CST);
  __atomic_load(&s3, &r3, __ATOMIC_SEQ_CST);
  printf("load: %d %d %d %ld %g %g %d %d,%d %d%d%d\n", rc, rs, ri, rl, rf, rd, rp == &i, rpt.x, rpt.y, r3.a[0],
         r3.a[1], r3.a[2]);
  rc = -7; rs = -300; ri = 1 << 30; rl = -5000000000L; rf = -0.5f; rd = 1e300; rpt.x = 9; rpt.y = -9;
  r3.a[0] = 200; r3.a[2] = 100;
  __atomic_store(&c, &rc, __ATOMIC_RELEASE);
  __atomic_store(&s, &rs, __ATOMIC_RELAXED);
  __atomic_store(&i, &ri, __ATOMIC_SEQ_CST);
  __atomic_store(&l, &rl, __ATOMIC_SEQ_CST);
  __atomic_store(&f, &rf, __ATOMIC_SEQ_CST);
  __atomic_store(&d, &rd, __ATOMIC_SEQ_CST);
  __atomic_store(&pt, &rpt, __ATOMIC_SEQ_CST);
  __atomic_store(&s3, &r3, __ATOMIC_SEQ_CST);
  printf("store: %d %d %d %ld %g %g %d,%d %d%d%d\n", c, s, i, l, f, d, pt.x, pt.y, s3.a[0], s3.a[1], s3.a[2]);
  char nc = 11, oc; short ns = 12, os; double nd = -3.5, od; struct P npt = {5, 6}, opt; struct S3 n3 = {{7, 8, 9}}, o3;
  __atomic_exchange(&c, &nc, &oc, __ATOMIC_ACQ_REL);
  __atomic_exchange(&s, &ns, &os, __ATOMIC_SEQ_CST);
  __atomic_exchange(&d, &nd, &od, __ATOMIC_SEQ_CST);
  __atomic_exchange(&pt, &npt, &opt, __ATOMIC_SEQ_CST);
  __atomic_exchange(&s3, &n3, &o3, __ATOMIC_SEQ_CST);
  __atomic_exchange(&s3, &s3, &s3, __ATOMIC_SEQ_CST); /* one object in every role */
  printf("exchange: %d %d %d %d %g %g %d,%d %d,%d %d%d%d %d%d%d\n", oc, c, os, s, od, d, opt.x, opt.y, pt.x, pt.y,
         o3.a[0], o3.a[1], o3.a[2], s3.a[0], s3.a[1], s3.a[2]);
  struct P want = {5, 6}, put = {-1, -2};
  int ok1 = __atomic_compare_exchange(&pt, &want, &put, 0, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED);
  want.x = 0;
  int ok2 = __atomic_compare_exchange(&pt, &want, &put, 1, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  struct S3 w3 = {{7, 8, 9}}, p3 = {{0, 0, 1}};
  int ok3 = __atomic_compare_exchange(&s3, &w3, &p3, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  int ok4 = __atomic_compare_exchange(&s3, &w3, &p3, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  double wd = 0, pd = 8;
  int ok5 = __atomic_compare_exchange(&d, &wd, &pd, 0, __ATOMIC_ACQUIRE, __ATOMIC_ACQUIRE);
  printf("cmpxchg: %d %d %d,%d %d,%d %d %d %d%d%d %d %g %g\n", ok1, ok2, pt.x, pt.y, want.x, want.y, ok3, ok4,
         s3.a[0], s3.a[1], s3.a[2], ok5, d, wd);

  /* contention: every thread adds with compare-exchange loops; the parts of each struct stay equal */
  long n = 0; struct P pp = {0, 0};
  #pragma omp parallel for num_threads(4)
  for (int k = 0; k < 4000; k++) {
    struct S24 o, nw;
    __atomic_load(&big, &o, __ATOMIC_RELAXED);
    do { nw.a = o.a + 1; nw.b = o.b + 2; nw.c = o.c + 3; }
    while (!__atomic_compare_exchange(&big, &o, &nw, 1, __ATOMIC_SEQ_CST, __ATOMIC_RELAXED));
    struct S12 m, mm;
    __atomic_load(&mid, &m, __ATOMIC_SEQ_CST);
    do { mm = m; mm.a++; mm.b--; mm.c += mm.a - m.a; }
    while (!__atomic_compare_exchange(&mid, &m, &mm, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
    struct S16 q = {k, -k}, r;
    __atomic_exchange(&pair, &q, &r, __ATOMIC_SEQ_CST);
    if (r.a != -r.b) __atomic_fetch_add(&n, 1000000, __ATOMIC_RELAXED);
    struct P a, b;
    __atomic_load(&pp, &a, __ATOMIC_SEQ_CST);
    do { b.x = a.x + 1; b.y = a.y - 1; } while (!__atomic_compare_exchange(&pp, &a, &b, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
    long one = 1, old;
    __atomic_exchange(&l, &one, &old, __ATOMIC_SEQ_CST);
    __atomic_fetch_add(&n, 1, __ATOMIC_RELAXED);
  }
  struct S24 fb; struct S12 fm; struct S16 fp;
  __atomic_load(&big, &fb, __ATOMIC_SEQ_CST);
  __atomic_load(&mid, &fm, __ATOMIC_SEQ_CST);
  __atomic_load(&pair, &fp, __ATOMIC_SEQ_CST);
  printf("threads: %ld %ld %ld %d %d %d %d %d %d %ld\n", fb.a, fb.b, fb.c, fm.a, fm.b, fm.c, pp.x, pp.y,
         fp.a == -fp.b, n);

  /* flags and lock-free queries */
  static _Bool flag;
  int t1 = __atomic_test_and_set(&flag, __ATOMIC_SEQ_CST);
  int t2 = __atomic_test_and_set(&flag, __ATOMIC_ACQUIRE);
  __atomic_clear(&flag, __ATOMIC_RELEASE);
  int t3 = __atomic_test_and_set(&flag, __ATOMIC_SEQ_CST);
  printf("flag: %d %d %d %d\n", t1, t2, t3, flag);
  printf("lock-free: %d %d %d %d %d %d\n", __atomic_always_lock_free(1, 0), __atomic_always_lock_free(8, 0),
         __atomic_always_lock_free(sizeof(struct S3), 0), __atomic_is_lock_free(sizeof(struct P), &pt),
         __atomic_always_lock_free(4, &i), __atomic_is_lock_free(sizeof(double), &d));
  __atomic_signal_fence(__ATOMIC_SEQ_CST);
  return 0;
}

// KERNELS: 4
// ORACLE: expected
// WHY: OpenMP 6.0 syntax: gcc 12 and clang 19 know neither declare_induction nor the induction
// WHY: clause; the expected output is the program's own run without OpenMP (gcc, pragmas ignored):
// WHY: each loop then runs sequentially, which the closed form of a consistent induction must equal
/* User-defined inductions in target regions (OpenMP 6.0 §7.6.13): the inductor and collector run
 * on the device (their functions in a declare target), on target teams distribute parallel for,
 * target parallel for, target simd and target teams distribute; the collapsed iteration number
 * omp_idx of a collapse(2) nest counts its iterations in order. Every value is printed beside the
 * one a sequential loop on the host computes. */
#include <stdio.h>

typedef struct { long lo, hi; } range;

#pragma omp declare target
static range shift(range r, long d) {
  range s = { r.lo + d, r.hi + 2 * d };
  return s;
}
static double fpow(double b, long e) { double r = 1; while (e-- > 0) r *= b; return r; }
#pragma omp end declare target

#pragma omp declare induction(shift : (range, long)) inductor(omp_var = shift(omp_var, omp_step)) \
    collector(omp_step * omp_idx)
#pragma omp declare induction(grow : double) inductor(omp_var *= omp_step) collector(fpow(omp_step, omp_idx))

int main(void) {
  enum { N = 64 };
  range r = { 0, 10 }, rs[N], q = r;
  long step = 3;
#pragma omp target teams distribute parallel for induction(step(step), shift : r) map(from: rs) map(tofrom: r)
  for (int i = 0; i < N; i++) {
    rs[i] = r;
    r = shift(r, step);
  }
  int same = 1;
  for (int i = 0; i < N; i++) {
    same &= rs[i].lo == q.lo && rs[i].hi == q.hi;
    q = shift(q, step);
  }
  printf("teams distribute parallel for: %ld %ld, %ld %ld; after %ld %ld; as sequential: %d\n", rs[1].lo, rs[1].hi,
         rs[N - 1].lo, rs[N - 1].hi, r.lo, r.hi, same && r.lo == q.lo && r.hi == q.hi);

  double g = 1.0, gs[20], h = 1.0;
#pragma omp target parallel for induction(step(1.5), grow : g) map(from: gs) map(tofrom: g) num_threads(4)
  for (int i = 0; i < 20; i++) {
    gs[i] = g;
    g *= 1.5;
  }
  int gsame = 1;
  for (int i = 0; i < 20; i++) {
    gsame &= gs[i] == h;
    h *= 1.5;
  }
  printf("parallel for: %g %g after %g; as sequential: %d\n", gs[3], gs[19], g, gsame && g == h);

  range c = { 5, 5 }, cs[6][7], d = c;
#pragma omp target teams distribute collapse(2) induction(step(-2L), shift : c) map(from: cs) map(tofrom: c)
  for (int i = 0; i < 6; i++)
    for (int j = 0; j < 7; j++) {
      cs[i][j] = c;
      c = shift(c, -2);
    }
  int csame = 1;
  for (int i = 0; i < 6; i++)
    for (int j = 0; j < 7; j++) {
      csame &= cs[i][j].lo == d.lo && cs[i][j].hi == d.hi;
      d = shift(d, -2);
    }
  printf("distribute collapse(2): %ld %ld, %ld %ld after %ld %ld; as sequential: %d\n", cs[0][1].lo, cs[0][1].hi,
         cs[5][6].lo, cs[5][6].hi, c.lo, c.hi, csame && c.lo == d.lo);

  double k = 2.0, ks[N], kk = 2.0;
#pragma omp target simd induction(step(0.5), grow : k) map(from: ks) map(tofrom: k)
  for (int i = 0; i < N; i++) {
    ks[i] = k;
    k *= 0.5;
  }
  int ksame = 1;
  for (int i = 0; i < N; i++) {
    ksame &= ks[i] == kk;
    kk *= 0.5;
  }
  printf("simd: %g %g after %g; as sequential: %d\n", ks[2], ks[10], k, ksame && k == kk);
  return 0;
}

// KERNELS: 0
// ORACLE: expected
// WHY: OpenMP 6.0 syntax: gcc 12 and clang 19 know neither declare_induction nor the induction
// WHY: clause; the expected output is the program's own run without OpenMP (gcc, pragmas ignored):
// WHY: each loop then runs sequentially, which the closed form of a consistent induction must equal
/* User-defined inductions on the host (OpenMP 6.0 §7.6.13, §7.6.17): an induction variable's
 * private copy starts each collapsed iteration i as the inductor applied to the original value
 * with omp_step the collector's value for (step, i), and the original ends with the value the
 * last iteration leaves. A struct advanced along a line by a (type, step type) pair, an
 * identifier declared for two types, a block-scope declaration shadowing a file-scope one of the
 * same name, both spellings (declare_induction, declare induction), strict and relaxed, on
 * parallel for, for, for simd, simd and taskloop; every value is printed beside the one a
 * sequential loop written without the clause computes. */
#include <stdio.h>

typedef struct { double x, y, slope; } point;

static point along(point p, double d) {
  point q = { p.x + d, p.y + d * p.slope, p.slope };
  return q;
}

#pragma omp declare_induction(next : (point, double)) inductor(omp_var = along(omp_var, omp_step)) \
    collector(omp_step * omp_idx)
/* a geometric sequence, for int and long alike (the collector's power by repeated products) */
static long powl_(long b, long e) { long r = 1; while (e-- > 0) r *= b; return r; }
#pragma omp declare induction(times : int, long) inductor(omp_var = omp_var * omp_step) \
    collector(powl_(omp_step, omp_idx))
/* file scope: step k adds k; the block below redeclares 'sweep' to add twice the step */
#pragma omp declare induction(sweep : int) inductor(omp_var += omp_step) collector(omp_step * omp_idx)

int main(void) {
  enum { N = 12 };
  point p = { 1.0, -2.0, 0.5 }, at[N], ref[N], q = p;
#pragma omp parallel for induction(step(0.25), next : p) num_threads(3)
  for (int i = 0; i < N; i++) {
    at[i] = p;
    p = along(p, 0.25);
  }
  for (int i = 0; i < N; i++) {
    ref[i] = q;
    q = along(q, 0.25);
  }
  for (int i = 0; i < N; i += 5)
    printf("next: %g %g (sequential %g %g)\n", at[i].x, at[i].y, ref[i].x, ref[i].y);
  printf("next after: %g %g (sequential %g %g)\n", p.x, p.y, q.x, q.y);

  int a = 1, as[N], ra = 1;
  long b = -2, bs[N], rb = -2;
#pragma omp parallel num_threads(4)
#pragma omp for induction(strict, step(3), times : a) induction(step(2L), relaxed, times : b)
  for (int i = 0; i < N; i++) {
    as[i] = a;
    bs[i] = b;
    a *= 3;
    b *= 2;
  }
  printf("times int: %d %d %d after %d;", as[0], as[4], as[11], a);
  for (int i = 0; i < N; i++) {
    if (i == 0 || i == 4 || i == 11) printf(" %d", ra);
    ra *= 3;
  }
  printf(" after %d\n", ra);
  printf("times long: %ld %ld after %ld;", bs[1], bs[11], b);
  for (int i = 0; i < N; i++) {
    if (i == 1 || i == 11) printf(" %ld", rb);
    rb *= 2;
  }
  printf(" after %ld\n", rb);

  int s = 7, ss[N], t = 7, ts[N];
#pragma omp parallel for simd induction(step(5), sweep : s)
  for (int i = 0; i < N; i++) {
    ss[i] = s;
    s += 5;
  }
  {
#pragma omp declare induction(sweep : int) inductor(omp_var += 2 * omp_step) collector(omp_step * omp_idx)
#pragma omp simd induction(step(5), sweep : t)
    for (int i = 0; i < N; i++) {
      ts[i] = t;
      t += 10;
    }
  }
  int rs = 7, rt = 7, same = 1;
  for (int i = 0; i < N; i++) {
    same &= ss[i] == rs && ts[i] == rt;
    rs += 5;
    rt += 10;
  }
  printf("sweep: %d %d after %d; shadowed: %d %d after %d; as sequential: %d %d\n", ss[1], ss[11], s, ts[1], ts[11],
         t, same, s == rs && t == rt);

  point u = { 0.0, 0.0, -1.0 }, us[N], v = u;
#pragma omp parallel num_threads(2)
#pragma omp single
#pragma omp taskloop induction(step(1.5), next : u) grainsize(3)
  for (int i = 0; i < N; i++) {
    us[i] = u;
    u = along(u, 1.5);
  }
  int usame = 1;
  for (int i = 0; i < N; i++) {
    usame &= us[i].x == v.x && us[i].y == v.y;
    v = along(v, 1.5);
  }
  printf("taskloop: %g %g after %g %g; as sequential: %d\n", us[7].x, us[7].y, u.x, u.y, usame && u.x == v.x);
  return 0;
}

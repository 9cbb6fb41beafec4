// KERNELS: 2
/* declare reduction in target regions: a struct reduced by a combined target construct on the
 * device, with a combiner function and an initializer, and an operator name for a struct. */
#include <stdio.h>
#define N 1000

struct range { long n; int lo, hi; };
static void widen(struct range *out, const struct range *in) {
  out->n += in->n;
  if (in->lo < out->lo) out->lo = in->lo;
  if (in->hi > out->hi) out->hi = in->hi;
}
#pragma omp declare reduction(widen : struct range : widen(&omp_out, &omp_in)) initializer(omp_priv = (struct range){0, 1 << 30, -(1 << 30)})

struct pair { double a, b; };
#pragma omp declare reduction(+ : struct pair : omp_out.a += omp_in.a, omp_out.b += omp_in.b) initializer(omp_priv = (struct pair){0, 0})

int main(void) {
  int v[N];
  for (int i = 0; i < N; i++) v[i] = (i * 7919) % 2003 - 1000;
  struct range r = {0, 1 << 30, -(1 << 30)};
#pragma omp target teams distribute parallel for map(to : v) reduction(widen : r)
  for (int i = 0; i < N; i++) {
    r.n++;
    if (v[i] < r.lo) r.lo = v[i];
    if (v[i] > r.hi) r.hi = v[i];
  }
  printf("n=%ld lo=%d hi=%d\n", r.n, r.lo, r.hi);
  struct pair p = {1, 2};
#pragma omp target parallel for map(to : v) reduction(+ : p)
  for (int i = 0; i < N; i++) { p.a += v[i]; p.b += 0.5; }
  printf("a=%.1f b=%.1f\n", p.a, p.b);
  return 0;
}

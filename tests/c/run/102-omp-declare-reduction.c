/* declare reduction: a struct with a combiner function and an initializer, an operator name
 * for a struct type, a typedef'd scalar with an identifier, one declaration for two types, and
 * a reduction over a parallel for and a parallel region (4 threads). */
#include <stdio.h>
#include <omp.h>

struct stats { long n; double sum, min, max; };

static void merge(struct stats *out, const struct stats *in) {
  out->n += in->n; out->sum += in->sum;
  if (in->min < out->min) out->min = in->min;
  if (in->max > out->max) out->max = in->max;
}
static void init_stats(struct stats *s) { s->n = 0; s->sum = 0; s->min = 1e300; s->max = -1e300; }

#pragma omp declare reduction(merge : struct stats : merge(&omp_out, &omp_in)) initializer(init_stats(&omp_priv))

struct vec { int x, y; };
#pragma omp declare reduction(+ : struct vec : omp_out.x += omp_in.x, omp_out.y += omp_in.y) initializer(omp_priv = (struct vec){0, 0})

typedef unsigned long mask_t;
#pragma omp declare reduction(bits : mask_t, int : omp_out = omp_out | omp_in)

int main(void) {
  struct stats s;
  init_stats(&s);
  struct vec v = {100, 200};
  mask_t seen = 0;
  int flags = 1 << 20;
#pragma omp parallel for num_threads(4) reduction(merge : s) reduction(+ : v) reduction(bits : seen, flags)
  for (int i = 0; i < 1000; i++) {
    double x = (i * 37) % 1000 / 10.0;
    s.n++; s.sum += x;
    if (x < s.min) s.min = x;
    if (x > s.max) s.max = x;
    v.x += i % 3; v.y += 1;
    seen |= 1UL << (i % 40);
    flags |= 1 << (i % 8);
  }
  printf("n=%ld sum=%.1f min=%.1f max=%.1f\n", s.n, s.sum, s.min, s.max);
  printf("v=%d %d seen=%lx flags=%x\n", v.x, v.y, seen, flags);

  struct vec w = {0, 0};
#pragma omp parallel num_threads(4) reduction(+ : w)
  { w.x += omp_get_thread_num(); w.y += 10; }
  printf("w=%d %d\n", w.x, w.y);
  return 0;
}

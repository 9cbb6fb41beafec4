// KERNELS: 1
// ORACLE: expected
// WHY: OpenMP 6.0's split construct and apply clause: gcc 12 and clang 19 implement neither
/* apply on split (OpenMP 6.0): split generates a sequence of loops, one per count, in order; the
 * loop modifier `split` names them (apply(split: d1, d2, ...) in order, apply(split(k): d) by
 * index), and each named loop is replaced by the loops its directive generates over it, the
 * other loops of the sequence running as split leaves them. Each case logs the order of the
 * iterations and compares it with the order computed by plain loops written here (the construct
 * written out); then a loop construct over a split of one loop with apply, and the device. */
#include <stdio.h>

#define MAX 256
static int got[MAX], want[MAX];
static int ng, nw;

static void report(const char *what) {
  int same = ng == nw;
  long sum = 0;
  for (int k = 0; k < ng && k < nw; k++) {
    if (got[k] != want[k]) same = 0;
    sum += (long)got[k] * (k + 1);
  }
  printf("%s: %s (%d iterations, checksum %ld)\n", what, same ? "same order" : "DIFFERENT", ng, sum);
  if (!same) {
    for (int k = 0; k < ng; k++) printf(" %d", got[k]);
    printf("\n");
    for (int k = 0; k < nw; k++) printf(" %d", want[k]);
    printf("\n");
  }
  ng = nw = 0;
}

int main(void) {
  int n = 11;
  /* both loops reversed, each on its own range */
#pragma omp split counts(3, omp_fill) apply(split: reverse, reverse)
  for (int i = 0; i < 10; i++) got[ng++] = i;
  for (int i = 2; i >= 0; i--) want[nw++] = i;
  for (int i = 9; i >= 3; i--) want[nw++] = i;
  report("split counts(3, omp_fill) apply(split: reverse, reverse)");

  /* the second of three loops tiled by 2, its grid loop reversed (by index) */
#pragma omp split counts(2, omp_fill, 3) apply(split(2): tile sizes(2) apply(grid: reverse))
  for (int i = 0; i < n; i++) got[ng++] = i;
  want[nw++] = 0;
  want[nw++] = 1;
  for (int t = 6; t >= 2; t -= 2)
    for (int i = t; i < t + 2; i++) want[nw++] = i;
  for (int i = 8; i < 11; i++) want[nw++] = i;
  report("split counts(2, omp_fill, 3) apply(split(2): tile sizes(2) apply(grid: reverse))");

  /* nothing keeps the first loop's place; a decreasing loop's third part reversed, the second
     unrolled by 3 (the same order) */
#pragma omp split counts(2, 4, omp_fill) apply(split: nothing, unroll partial(3), reverse)
  for (int i = 20; i > 8; i -= 2) got[ng++] = i;
  for (int i = 20; i > 8; i -= 2) want[nw++] = i; /* parts 20 18 | 16 14 12 10 | (none) */
  report("split counts(2, 4, omp_fill) apply(split: nothing, unroll partial(3), reverse)");

  /* a loop nest: the split loop holds the inner loop as written */
#pragma omp split counts(omp_fill, 1) apply(split(1): reverse)
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 2; j++) got[ng++] = 10 * i + j;
  for (int i = 2; i >= 0; i--)
    for (int j = 0; j < 2; j++) want[nw++] = 10 * i + j;
  for (int j = 0; j < 2; j++) want[nw++] = 30 + j;
  report("split counts(omp_fill, 1) apply(split(1): reverse) over two loops");

  /* a directive applied to a split loop takes the loops below it too: the first loop
     interchanged with the j loop, the second tiled with it by 2 x 2 */
#pragma omp split counts(2, omp_fill) apply(split: interchange, tile sizes(2, 2))
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < 3; j++) got[ng++] = 10 * i + j;
  for (int j = 0; j < 3; j++)
    for (int i = 0; i < 2; i++) want[nw++] = 10 * i + j;
  for (int gi = 2; gi < 5; gi += 2)
    for (int gj = 0; gj < 3; gj += 2)
      for (int i = gi; i < gi + 2 && i < 5; i++)
        for (int j = gj; j < gj + 2 && j < 3; j++) want[nw++] = 10 * i + j;
  report("split counts(2, omp_fill) apply(split: interchange, tile sizes(2, 2)) over two loops");

  /* interchange over the one loop of a split and the loop below it */
#pragma omp interchange
#pragma omp split counts(omp_fill)
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 4; j++) got[ng++] = 10 * i + j;
  for (int j = 0; j < 4; j++)
    for (int i = 0; i < 3; i++) want[nw++] = 10 * i + j;
  report("interchange over split counts(omp_fill) over two loops");

  /* a loop construct over the one loop of split counts(omp_fill), reversed: ordered runs the
     iterations in the order of the generated loop */
#pragma omp parallel for ordered num_threads(3) schedule(static, 1)
#pragma omp split counts(omp_fill) apply(split: reverse)
  for (int i = 0; i < 9; i++) {
#pragma omp ordered
    got[ng++] = i;
  }
  for (int i = 8; i >= 0; i--) want[nw++] = i;
  report("parallel for ordered over split counts(omp_fill) apply(split: reverse)");

  /* collapse(2) over the split loop interchanged with the loop below it */
#pragma omp parallel for collapse(2) ordered num_threads(3) schedule(static, 1)
#pragma omp split counts(omp_fill) apply(split: interchange)
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 4; j++) {
#pragma omp ordered
      got[ng++] = 10 * i + j;
    }
  for (int j = 0; j < 4; j++)
    for (int i = 0; i < 3; i++) want[nw++] = 10 * i + j;
  report("parallel for collapse(2) ordered over split counts(omp_fill) apply(split: interchange)");

  /* on the device */
  int dev[MAX], dn = 0;
#pragma omp target map(from: dev) map(tofrom: dn) firstprivate(n)
  {
#pragma omp split counts(2, omp_fill, 3) apply(split(2): tile sizes(2) apply(grid: reverse))
    for (int i = 0; i < n; i++) dev[dn++] = i;
  }
  for (int k = 0; k < dn; k++) got[ng++] = dev[k];
  want[nw++] = 0;
  want[nw++] = 1;
  for (int t = 6; t >= 2; t -= 2)
    for (int i = t; i < t + 2; i++) want[nw++] = i;
  for (int i = 8; i < 11; i++) want[nw++] = i;
  report("target: split counts(2, omp_fill, 3) apply(split(2): tile sizes(2) apply(grid: reverse))");
  return 0;
}

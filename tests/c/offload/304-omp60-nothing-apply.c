// KERNELS: 1
// ORACLE: expected
// WHY: OpenMP 6.0's apply clause and the loop modifier identity of nothing: gcc 12 and clang 19 implement neither
/* nothing as a loop-transforming construct (OpenMP 6.0 §10.7): before a loop nest, nothing
 * generates one loop, the loop itself, which the loop modifier identity names (the default), so
 * apply(identity: d) applies d to the loop; in another construct's apply clause it keeps the
 * place of a generated loop and its own apply clause transforms that loop. Each case logs the
 * order of the iterations and compares it with the order computed by plain loops written here
 * (the construct written out); then a loop construct over it, and the device. */
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
  int n = 5;
  /* the loop reversed */
#pragma omp nothing apply(identity: reverse)
  for (int i = 0; i < n; i++) got[ng++] = i;
  for (int i = n - 1; i >= 0; i--) want[nw++] = i;
  report("nothing apply(identity: reverse)");

  /* without the modifier (identity is the default), over two loops */
#pragma omp nothing apply(interchange)
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 4; j++) got[ng++] = 10 * i + j;
  for (int j = 0; j < 4; j++)
    for (int i = 0; i < 3; i++) want[nw++] = 10 * i + j;
  report("nothing apply(interchange) over two loops");

  /* nothing applied by nothing, then a tile whose grid loop is reversed */
#pragma omp nothing apply(identity: nothing apply(identity: tile sizes(2) apply(grid: reverse)))
  for (int i = 0; i < n; i++) got[ng++] = i;
  for (int t = 4; t >= 0; t -= 2)
    for (int i = t; i < t + 2 && i < n; i++) want[nw++] = i;
  report("nothing apply(identity: nothing apply(identity: tile sizes(2) apply(grid: reverse)))");

  /* in a tile's apply clause: nothing keeps the grid loop's place and reverses it */
#pragma omp tile sizes(2) apply(grid: nothing apply(identity: reverse))
  for (int i = 0; i < n; i++) got[ng++] = i;
  for (int t = 4; t >= 0; t -= 2)
    for (int i = t; i < t + 2 && i < n; i++) want[nw++] = i;
  report("tile sizes(2) apply(grid: nothing apply(identity: reverse))");

  /* in a split's apply clause: the first loop reversed through nothing, the second directly */
#pragma omp split counts(2, omp_fill) apply(split: nothing apply(identity: reverse), reverse)
  for (int i = 0; i < 6; i++) got[ng++] = i;
  for (int i = 1; i >= 0; i--) want[nw++] = i;
  for (int i = 5; i >= 2; i--) want[nw++] = i;
  report("split counts(2, omp_fill) apply(split: nothing apply(identity: reverse), reverse)");

  /* nothing without apply before a loop: the loop as written */
#pragma omp nothing
  for (int i = 0; i < 3; i++) got[ng++] = i;
  for (int i = 0; i < 3; i++) want[nw++] = i;
  report("nothing before a loop");

  /* a loop construct over it: ordered runs the iterations in the generated loop's order */
#pragma omp parallel for ordered num_threads(3) schedule(static, 1)
#pragma omp nothing apply(identity: reverse)
  for (int i = 0; i < 7; i++) {
#pragma omp ordered
    got[ng++] = i;
  }
  for (int i = 6; i >= 0; i--) want[nw++] = i;
  report("parallel for ordered over nothing apply(identity: reverse)");

  /* on the device */
  int dev[MAX], dn = 0;
#pragma omp target map(from: dev) map(tofrom: dn) firstprivate(n)
  {
#pragma omp nothing apply(identity: tile sizes(2) apply(grid: reverse))
    for (int i = 0; i < n; i++) dev[dn++] = i;
  }
  for (int k = 0; k < dn; k++) got[ng++] = dev[k];
  for (int t = 4; t >= 0; t -= 2)
    for (int i = t; i < t + 2 && i < n; i++) want[nw++] = i;
  report("target: nothing apply(identity: tile sizes(2) apply(grid: reverse))");
  return 0;
}

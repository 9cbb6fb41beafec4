// KERNELS: 1
// ORACLE: expected
// WHY: OpenMP 6.0's apply clause and fuse's looprange: gcc 12 and clang 19 implement neither
/* apply on a fuse whose looprange leaves loops of the sequence outside the fused loop (OpenMP
 * 6.0): the generated loop sequence is the loops before the range as written, the fused loop
 * (the `fused` modifier's loop, the only one apply can name) and the loops after the range as
 * written. Each case logs the order of the iterations and compares it with the order computed
 * by plain loops written here (the construct written out); then the same on the device. */
#include <stdio.h>

#define MAX 256
static int got[MAX], want[MAX];
static int ng, nw;

static int min(int a, int b) { return a < b ? a : b; }

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

/* iteration k of the fused loop over loops of n1 and n2 iterations: a's k-th, then b's */
static void fused2(int k, int n1, int n2, int a, int b) {
  if (k < n1) want[nw++] = a + k;
  if (k < n2) want[nw++] = b + k;
}

int main(void) {
  int n = 7;
  /* loops 2 and 3 fused, the fused loop reversed; loops 1 and 4 run as written around it */
#pragma omp fuse looprange(2, 2) apply(fused: reverse)
  {
    for (int i = 0; i < 3; i++) got[ng++] = 100 + i;
    for (int i = 0; i < n; i++) got[ng++] = 200 + i;
    for (int i = 0; i < 5; i++) got[ng++] = 300 + i;
    for (int i = 0; i < 2; i++) got[ng++] = 400 + i;
  }
  for (int i = 0; i < 3; i++) want[nw++] = 100 + i;
  for (int k = n - 1; k >= 0; k--) fused2(k, n, 5, 200, 300);
  for (int i = 0; i < 2; i++) want[nw++] = 400 + i;
  report("fuse looprange(2, 2) apply(fused: reverse)");

  /* the first two fused and tiled by 3, the grid loop reversed; the last loop after it */
#pragma omp fuse looprange(1, 2) apply(fused: tile sizes(3) apply(grid: reverse))
  {
    for (int i = 0; i < 8; i++) got[ng++] = 10 + i;
    for (int j = 4; j > 0; j--) got[ng++] = 50 + j;
    for (int i = 0; i < 3; i++) got[ng++] = 90 + i;
  }
  for (int g = 2; g >= 0; g--)
    for (int k = 3 * g; k < min(3 * g + 3, 8); k++) {
      want[nw++] = 10 + k;
      if (k < 4) want[nw++] = 50 + 4 - k;
    }
  for (int i = 0; i < 3; i++) want[nw++] = 90 + i;
  report("fuse looprange(1, 2) apply(fused: tile sizes(3) apply(grid: reverse))");

  /* a split's loops in the sequence: the range fuses the split's second loop and the loop after
     it, unrolled by 2 */
#pragma omp fuse looprange(2, 2) apply(fused: unroll partial(2))
  {
#pragma omp split counts(2, omp_fill)
    for (int i = 0; i < 6; i++) got[ng++] = 500 + i;
    for (int i = 0; i < 3; i++) got[ng++] = 600 + i;
  }
  want[nw++] = 500;
  want[nw++] = 501;
  for (int k = 0; k < 4; k++) fused2(k, 4, 3, 502, 600);
  report("fuse looprange(2, 2) over split apply(fused: unroll partial(2))");

  /* on the device */
  int dev[MAX], dn = 0;
#pragma omp target map(from: dev) map(tofrom: dn) firstprivate(n)
  {
#pragma omp fuse looprange(2, 2) apply(fused: reverse)
    {
      for (int i = 0; i < 3; i++) dev[dn++] = 100 + i;
      for (int i = 0; i < n; i++) dev[dn++] = 200 + i;
      for (int i = 0; i < 5; i++) dev[dn++] = 300 + i;
      for (int i = 0; i < 2; i++) dev[dn++] = 400 + i;
    }
  }
  for (int k = 0; k < dn; k++) got[ng++] = dev[k];
  for (int i = 0; i < 3; i++) want[nw++] = 100 + i;
  for (int k = n - 1; k >= 0; k--) fused2(k, n, 5, 200, 300);
  for (int i = 0; i < 2; i++) want[nw++] = 400 + i;
  report("target: fuse looprange(2, 2) apply(fused: reverse)");
  return 0;
}

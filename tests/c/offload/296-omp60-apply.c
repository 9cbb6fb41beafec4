// KERNELS: 1
// ORACLE: expected
// WHY: OpenMP 6.0's apply clause and loop transformations over the loops of fuse, split and
// WHY: stripe: gcc 12 and clang 19 implement none of them
/* The apply clause (OpenMP 6.0 9.1) applies loop-transforming directives to the loops a
 * loop-transforming construct generates: apply(grid: ...) and apply(intratile: ...) on tile,
 * apply(offsets: ...) on stripe, apply(reversed: ...), apply(interchanged: ...), apply(unrolled:
 * ...), apply(fused: ...), with indices (grid(2): ...) and nested applies. A construct with apply
 * is the same as its generated loops written out with the applied directives on them (the
 * OpenMP examples' equivalences); each case logs the order of the original iterations and
 * compares it with that order computed by plain loops written here, which are the specification's
 * stated result. Then the same on the device. */
#include <stdio.h>

#define MAX 512
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

int main(void) {
  /* the grid loop reversed: whole tiles last first, each tile in order */
#pragma omp tile sizes(4) apply(grid: reverse)
  for (int i = 0; i < 10; i++) got[ng++] = i;
  for (int g = 2; g >= 0; g--)
    for (int i = 4 * g; i < min(4 * g + 4, 10); i++) want[nw++] = i;
  report("tile apply(grid: reverse)");

  /* grid loops interchanged, the second intratile loop reversed (by index) */
#pragma omp tile sizes(4, 3) apply(grid: interchange) apply(intratile(2): reverse)
  for (int i = 0; i < 10; i++)
    for (int j = 0; j < 7; j++) got[ng++] = 100 * i + j;
  for (int gj = 0; gj < 3; gj++)
    for (int gi = 0; gi < 3; gi++)
      for (int i = 4 * gi; i < min(4 * gi + 4, 10); i++)
        for (int j = min(3 * gj + 3, 7) - 1; j >= 3 * gj; j--) want[nw++] = 100 * i + j;
  report("tile apply(grid: interchange) apply(intratile(2): reverse)");

  /* nested apply: the intratile loop unrolled by 2, the unrolled loop reversed */
#pragma omp tile sizes(5) apply(intratile: unroll partial(2) apply(reverse))
  for (int i = 0; i < 13; i++) got[ng++] = i;
  for (int g = 0; g < 3; g++) {
    int lo = 5 * g, c = min(5, 13 - lo);
    for (int u = (c + 1) / 2 - 1; u >= 0; u--)
      for (int e = 2 * u; e < min(2 * u + 2, c); e++) want[nw++] = lo + e;
  }
  report("tile apply(intratile: unroll partial(2) apply(reverse))");

  /* an applied interchange spanning an intratile loop and a loop below the tile */
#pragma omp tile sizes(2, 2) apply(intratile: nothing, interchange)
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 5; j++)
      for (int k = 0; k < 2; k++) got[ng++] = 100 * i + 10 * j + k;
  for (int gi = 0; gi < 2; gi++)
    for (int gj = 0; gj < 3; gj++)
      for (int i = 2 * gi; i < min(2 * gi + 2, 3); i++)
        for (int k = 0; k < 2; k++)
          for (int j = 2 * gj; j < min(2 * gj + 2, 5); j++) want[nw++] = 100 * i + 10 * j + k;
  report("tile apply(intratile: nothing, interchange) over 3 loops");

  /* reverse, then its reversed loop tiled, the tiles last first */
#pragma omp reverse apply(reversed: tile sizes(3) apply(grid: reverse))
  for (int i = 0; i < 10; i++) got[ng++] = i;
  for (int g = 3; g >= 0; g--)
    for (int t = 3 * g; t < min(3 * g + 3, 10); t++) want[nw++] = 9 - t;
  report("reverse apply(reversed: tile sizes(3) apply(grid: reverse))");

  /* stripe's offset loops reversed */
#pragma omp stripe sizes(3) apply(offsets: reverse)
  for (int i = 0; i < 11; i++) got[ng++] = i;
  for (int o = 2; o >= 0; o--)
    for (int i = o; i < 11; i += 3) want[nw++] = i;
  report("stripe apply(offsets: reverse)");

  /* interchange, then its second generated loop reversed */
#pragma omp interchange apply(interchanged(2): reverse)
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 5; j++) got[ng++] = 10 * i + j;
  for (int j = 0; j < 5; j++)
    for (int i = 3; i >= 0; i--) want[nw++] = 10 * i + j;
  report("interchange apply(interchanged(2): reverse)");

  /* unroll partial's generated loop reversed: groups of 3, last first */
#pragma omp unroll partial(3) apply(unrolled: reverse)
  for (int i = 0; i < 11; i++) got[ng++] = i;
  for (int u = 3; u >= 0; u--)
    for (int i = 3 * u; i < min(3 * u + 3, 11); i++) want[nw++] = i;
  report("unroll partial(3) apply(unrolled: reverse)");

  /* the fused loop reversed: iteration k of each loop, k from the longest loop's last */
#pragma omp fuse apply(fused: reverse)
  {
    for (int i = 0; i < 5; i++) got[ng++] = i;
    for (int i = 0; i < 3; i++) got[ng++] = 100 + i;
  }
  for (int k = 4; k >= 0; k--) {
    want[nw++] = k;
    if (k < 3) want[nw++] = 100 + k;
  }
  report("fuse apply(fused: reverse)");

  /* split applied to a grid loop: a sequence of two grid loops, each running its tiles */
#pragma omp tile sizes(3) apply(grid: split counts(1, omp_fill) )
  for (int i = 0; i < 10; i++) got[ng++] = i;
  for (int i = 0; i < 10; i++) want[nw++] = i;
  report("tile apply(grid: split counts(1, omp_fill))");

  /* loop transformations over the loops of stripe, fuse and split (no apply) */
#pragma omp reverse
#pragma omp stripe sizes(4)
  for (int i = 0; i < 10; i++) got[ng++] = i;
  for (int o = 3; o >= 0; o--)
    for (int i = o; i < 10; i += 4) want[nw++] = i;
  report("reverse over stripe");

#pragma omp tile sizes(2)
#pragma omp fuse
  {
    for (int i = 0; i < 5; i++) got[ng++] = i;
    for (int i = 0; i < 4; i++) got[ng++] = 100 + i;
  }
  for (int k = 0; k < 5; k++) {
    want[nw++] = k;
    if (k < 4) want[nw++] = 100 + k;
  }
  report("tile over fuse");

#pragma omp reverse
#pragma omp split counts(omp_fill)
  for (int i = 0; i < 6; i++)
    for (int j = 0; j < 2; j++) got[ng++] = 10 * i + j;
  for (int i = 5; i >= 0; i--)
    for (int j = 0; j < 2; j++) want[nw++] = 10 * i + j;
  report("reverse over split counts(omp_fill)");

#pragma omp interchange
#pragma omp stripe sizes(2, 3)
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < 7; j++) got[ng++] = 10 * i + j;
  for (int oj = 0; oj < 3; oj++)
    for (int oi = 0; oi < 2; oi++)
      for (int i = oi; i < 5; i += 2)
        for (int j = oj; j < 7; j += 3) want[nw++] = 10 * i + j;
  report("interchange over stripe sizes(2, 3)");

  /* on the device: a tile with apply and a tile over stripe, logged in order */
  int dev[2][64], dn[2] = {0, 0};
#pragma omp target map(from: dev) map(tofrom: dn)
  {
#pragma omp tile sizes(4, 3) apply(grid: interchange) apply(intratile(2): reverse)
    for (int i = 0; i < 5; i++)
      for (int j = 0; j < 7; j++) dev[0][dn[0]++] = 10 * i + j;
#pragma omp tile sizes(3)
#pragma omp stripe sizes(2)
    for (int i = 0; i < 9; i++) dev[1][dn[1]++] = i;
  }
  for (int k = 0; k < dn[0]; k++) got[ng++] = dev[0][k];
  for (int gj = 0; gj < 3; gj++)
    for (int gi = 0; gi < 2; gi++)
      for (int i = 4 * gi; i < min(4 * gi + 4, 5); i++)
        for (int j = min(3 * gj + 3, 7) - 1; j >= 3 * gj; j--) want[nw++] = 10 * i + j;
  report("target: tile apply(grid: interchange) apply(intratile(2): reverse)");
  for (int k = 0; k < dn[1]; k++) got[ng++] = dev[1][k];
  for (int o = 0; o < 2; o++)
    for (int i = o; i < 9; i += 2) want[nw++] = i;
  report("target: tile over stripe");
  return 0;
}

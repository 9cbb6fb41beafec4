// KERNELS: 1
// ORACLE: expected
// WHY: OpenMP 6.0's fuse, split and apply: gcc 12 and clang 19 implement none of them
/* apply clauses on the constructs of a fuse's loop sequence (OpenMP 6.0): a tile, a split or a
 * nested fuse in the sequence contributes the loops its apply clauses leave (the outermost
 * generated loop of each, with the loops below it in its body), and the fused loop's iteration
 * k runs iteration k of each of those loops, in order, while that loop has one. Each case logs
 * the order of the iterations and compares it with the order computed by plain loops written
 * here (the constructs written out); then a loop construct over such a fuse, and the device. */
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
  /* a tile whose grid loop is reversed: the fused loop takes the reversed grid loop */
#pragma omp fuse
  {
#pragma omp tile sizes(2) apply(grid: reverse)
    for (int i = 0; i < 6; i++) got[ng++] = 100 + i;
    for (int j = 0; j < 3; j++) got[ng++] = 200 + j;
  }
  for (int k = 0; k < 3; k++) {
    for (int i = 2 * (2 - k); i < 2 * (2 - k) + 2; i++) want[nw++] = 100 + i;
    want[nw++] = 200 + k;
  }
  report("fuse { tile sizes(2) apply(grid: reverse); loop }");

  /* a split whose first loop is reversed: two loops of the sequence */
#pragma omp fuse
  {
#pragma omp split counts(2, omp_fill) apply(split: reverse, nothing)
    for (int i = 0; i < 5; i++) got[ng++] = 100 + i;
    for (int j = 0; j < 4; j++) got[ng++] = 200 + j;
  }
  for (int k = 0; k < 4; k++) {
    if (k < 2) want[nw++] = 100 + (1 - k);
    if (k < 3) want[nw++] = 102 + k;
    want[nw++] = 200 + k;
  }
  report("fuse { split counts(2, omp_fill) apply(split: reverse, nothing); loop }");

  /* a split of one loop tiled by 2 with its intratile loops reversed (the last tile partial) */
#pragma omp fuse
  {
#pragma omp split counts(omp_fill) apply(split: tile sizes(2) apply(intratile: reverse))
    for (int i = 0; i < 5; i++) got[ng++] = 100 + i;
    for (int j = 0; j < 3; j++) got[ng++] = 200 + j;
  }
  for (int k = 0; k < 3; k++) {
    for (int i = (2 * k + 1 < 5 ? 2 * k + 1 : 4); i >= 2 * k; i--) want[nw++] = 100 + i;
    want[nw++] = 200 + k;
  }
  report("fuse { split counts(omp_fill) apply(split: tile sizes(2) apply(intratile: reverse)); loop }");

  /* a nested fuse whose fused loop is reversed */
#pragma omp fuse
  {
#pragma omp fuse apply(fused: reverse)
    {
      for (int i = 0; i < 3; i++) got[ng++] = 100 + i;
      for (int j = 0; j < 2; j++) got[ng++] = 200 + j;
    }
    for (int m = 0; m < 4; m++) got[ng++] = 300 + m;
  }
  for (int kk = 0; kk < 4; kk++) {
    if (kk < 3) {
      int k = 2 - kk;
      want[nw++] = 100 + k;
      if (k < 2) want[nw++] = 200 + k;
    }
    want[nw++] = 300 + kk;
  }
  report("fuse { fuse apply(fused: reverse) { loop; loop }; loop }");

  /* a nested fuse with a looprange: its fused loop reversed, the loop outside its range as written */
#pragma omp fuse
  {
#pragma omp fuse looprange(1, 2) apply(fused: reverse)
    {
      for (int a = 0; a < 2; a++) got[ng++] = 100 + a;
      for (int b = 0; b < 3; b++) got[ng++] = 200 + b;
      for (int c = 0; c < 2; c++) got[ng++] = 300 + c;
    }
    for (int d = 0; d < 3; d++) got[ng++] = 400 + d;
  }
  for (int kk = 0; kk < 3; kk++) {
    int k = 2 - kk;
    if (k < 2) want[nw++] = 100 + k;
    want[nw++] = 200 + k;
    if (kk < 2) want[nw++] = 300 + kk;
    want[nw++] = 400 + kk;
  }
  report("fuse { fuse looprange(1, 2) apply(fused: reverse) { loop; loop; loop }; loop }");

  /* a nested fuse whose fused loop is tiled by 2 and the tiles reversed */
#pragma omp fuse
  {
#pragma omp fuse apply(fused: tile sizes(2) apply(grid: reverse))
    {
      for (int i = 0; i < 4; i++) got[ng++] = 100 + i;
      for (int j = 0; j < 3; j++) got[ng++] = 200 + j;
    }
    for (int m = 0; m < 3; m++) got[ng++] = 300 + m;
  }
  for (int kk = 0; kk < 3; kk++) {
    if (kk < 2) {
      int t = 2 * (1 - kk);
      for (int k = t; k < t + 2; k++) {
        want[nw++] = 100 + k;
        if (k < 3) want[nw++] = 200 + k;
      }
    }
    want[nw++] = 300 + kk;
  }
  report("fuse { fuse apply(fused: tile sizes(2) apply(grid: reverse)) { loop; loop }; loop }");

  /* the other loop-transforming constructs with apply in a sequence */
#pragma omp fuse
  {
#pragma omp reverse apply(reversed: tile sizes(2))
    for (int i = 0; i < 5; i++) got[ng++] = 100 + i;
    for (int j = 0; j < 3; j++) got[ng++] = 200 + j;
  }
  /* reversed: 4 3 2 1 0; tiles of 2 over the reversed loop: [4 3] [2 1] [0] */
  for (int k = 0; k < 3; k++) {
    for (int r = 2 * k; r < 2 * k + 2 && r < 5; r++) want[nw++] = 100 + (4 - r);
    want[nw++] = 200 + k;
  }
  report("fuse { reverse apply(reversed: tile sizes(2)); loop }");

#pragma omp fuse
  {
#pragma omp interchange apply(interchanged: reverse)
    for (int i = 0; i < 2; i++)
      for (int j = 0; j < 3; j++) got[ng++] = 10 * i + j;
    for (int m = 0; m < 2; m++) got[ng++] = 200 + m;
  }
  for (int jj = 0; jj < 3; jj++) {
    int j = 2 - jj;
    for (int i = 0; i < 2; i++) want[nw++] = 10 * i + j;
    if (jj < 2) want[nw++] = 200 + jj;
  }
  report("fuse { interchange apply(interchanged: reverse) over two loops; loop }");

#pragma omp fuse
  {
#pragma omp unroll partial(2) apply(unrolled: reverse)
    for (int i = 0; i < 5; i++) got[ng++] = 100 + i;
    for (int m = 0; m < 2; m++) got[ng++] = 200 + m;
  }
  /* unrolled loop: 3 iterations (0-1, 2-3, 4), reversed: [4] [2 3] [0 1] */
  for (int k = 0; k < 3; k++) {
    int t = 2 * (2 - k);
    for (int i = t; i < t + 2 && i < 5; i++) want[nw++] = 100 + i;
    if (k < 2) want[nw++] = 200 + k;
  }
  report("fuse { unroll partial(2) apply(unrolled: reverse); loop }");

#pragma omp fuse
  {
#pragma omp stripe sizes(2) apply(offsets: reverse)
    for (int i = 0; i < 5; i++) got[ng++] = 100 + i;
    for (int m = 0; m < 3; m++) got[ng++] = 200 + m;
  }
  /* stripe: offsets o = 0,1 ; grid i = o, o+2, ...; offsets reversed: o = 1 then 0 */
  for (int k = 0; k < 3; k++) {
    if (k < 2)
      for (int i = 1 - k; i < 5; i += 2) want[nw++] = 100 + i;
    want[nw++] = 200 + k;
  }
  report("fuse { stripe sizes(2) apply(offsets: reverse); loop }");

#pragma omp fuse
  {
#pragma omp split counts(2, omp_fill) apply(split: interchange, tile sizes(2) apply(grid: reverse))
    for (int i = 0; i < 5; i++)
      for (int j = 0; j < 2; j++) got[ng++] = 10 * i + j;
    for (int m = 0; m < 3; m++) got[ng++] = 200 + m;
  }
  /* part 1: i in {0,1}, interchanged with j: outer loop j (2 iterations);
     part 2: i in {2,3,4} tiled by 2 (tiles [2,3] [4]) reversed: [4] then [2,3] */
  for (int k = 0; k < 3; k++) {
    if (k < 2) for (int i = 0; i < 2; i++) want[nw++] = 10 * i + k;
    if (k < 2) {
      int t = k == 0 ? 4 : 2;
      for (int i = t; i < t + 2 && i < 5; i++)
        for (int j = 0; j < 2; j++) want[nw++] = 10 * i + j;
    }
    want[nw++] = 200 + k;
  }
  report("fuse { split counts(2, omp_fill) apply(split: interchange, tile sizes(2) apply(grid: reverse)) over two loops; loop }");

  /* a loop construct over a fuse with a split and a nested fuse in its sequence (one thread:
     the log is in the order of the fused loop's iterations) */
#pragma omp parallel for num_threads(1) schedule(static, 1)
#pragma omp fuse
  {
#pragma omp split counts(2, omp_fill) apply(split: reverse, nothing)
    for (int i = 0; i < 5; i++) got[ng++] = 100 + i;
#pragma omp fuse apply(fused: reverse)
    {
      for (int j = 0; j < 3; j++) got[ng++] = 200 + j;
      for (int m = 0; m < 2; m++) got[ng++] = 300 + m;
    }
  }
  for (int k = 0; k < 3; k++) {
    if (k < 2) want[nw++] = 100 + (1 - k);
    want[nw++] = 102 + k;
    want[nw++] = 200 + (2 - k);
    if (2 - k < 2) want[nw++] = 300 + (2 - k);
  }
  report("parallel for over fuse { split apply(split: reverse, nothing); fuse apply(fused: reverse) }");

  /* on the device */
  int dev[MAX], dn = 0;
#pragma omp target map(from: dev) map(tofrom: dn)
  {
#pragma omp fuse
    {
#pragma omp split counts(2, omp_fill) apply(split: reverse, nothing)
      for (int i = 0; i < 5; i++) dev[dn++] = 100 + i;
#pragma omp fuse apply(fused: reverse)
      {
        for (int j = 0; j < 3; j++) dev[dn++] = 200 + j;
        for (int m = 0; m < 2; m++) dev[dn++] = 300 + m;
      }
    }
  }
  for (int k = 0; k < dn; k++) got[ng++] = dev[k];
  for (int k = 0; k < 3; k++) {
    if (k < 2) want[nw++] = 100 + (1 - k);
    want[nw++] = 102 + k;
    want[nw++] = 200 + (2 - k);
    if (2 - k < 2) want[nw++] = 300 + (2 - k);
  }
  report("target: fuse { split apply(split: reverse, nothing); fuse apply(fused: reverse) }");
  return 0;
}

// KERNELS: 4
// ORACLE: expected
// WHY: OpenMP 6.0's reverse, interchange (permutation), fuse (looprange, apply), split (counts) and
// WHY: stripe: gcc 12 and
// WHY: clang 19 know none of them
/* The OpenMP 6.0 loop transformations on the host and in target regions: reverse runs a loop's
 * iterations last first (also a loop with a negative step and an unsigned one ending at 0, and
 * under a worksharing loop, where each iteration still gets its own value); interchange permutes
 * a rectangular nest (permutation(3, 1, 2): k, then i, then j); fuse runs the loops looprange
 * names in lockstep, the longest setting the count, the others before and after as written (in
 * the target region b[1][8] is 1: fused iteration 4 reads b[0][8] before fused iteration 8 sets
 * it); split runs the iterations in order; stripe sizes(...) visits each loop in strides of its
 * size, offsets outside. The order of the iterations is recorded where it is sequential. */
#include <stdio.h>
#define N 10
int main(void) {
  int order[N], n = 0;
#pragma omp reverse
  for (int i = 0; i < N; i++) order[n++] = i;
  printf("reverse:");
  for (int i = 0; i < N; i++) printf(" %d", order[i]);
  n = 0;
#pragma omp reverse
  for (int i = 20; i > 5; i -= 4) order[n++] = i;
  printf("\nreverse, negative step:");
  for (int i = 0; i < n; i++) printf(" %d", order[i]);
  n = 0;
#pragma omp reverse
  for (unsigned u = 0; u <= 3; u++) order[n++] = (int) u;
  printf("\nreverse, unsigned:");
  for (int i = 0; i < n; i++) printf(" %d", order[i]);

  int sq[64] = {0};
#pragma omp parallel for num_threads(4)
#pragma omp reverse
  for (int i = 0; i < 64; i++) sq[i] = i * i;
  int ok = 1;
  for (int i = 0; i < 64; i++) ok &= sq[i] == i * i;
  printf("\nparallel for over reverse: %s\n", ok ? "every element" : "WRONG");

  int seq[24], m = 0;
#pragma omp interchange permutation(3, 1, 2)
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 3; j++)
      for (int k = 0; k < 4; k++) seq[m++] = 100 * i + 10 * j + k;
  printf("interchange(3, 1, 2):");
  for (int q = 0; q < 8; q++) printf(" %d", seq[q]);
  printf(" ... %d\n", seq[23]);

  int a[N][4], counter = 0;
#pragma omp target map(from: a) map(tofrom: counter)
  {
#pragma omp interchange
    for (int i = 0; i < N; i++)
      for (int j = 0; j < 4; j++) a[i][j] = counter++;
  }
  printf("interchange in a target region: a[0][1] %d a[1][0] %d a[9][3] %d\n", a[0][1], a[1][0], a[9][3]);

  int dev_order[N], dn = 0;
#pragma omp target map(from: dev_order) map(tofrom: dn)
  {
#pragma omp reverse
    for (int i = 0; i < N; i++) dev_order[dn++] = i;
  }
  printf("reverse in a target region: %d %d ... %d\n", dev_order[0], dev_order[1], dev_order[N - 1]);

  int log[64], l = 0;
#pragma omp fuse looprange(2, 2)
  {
    for (int i = 0; i < 2; i++) log[l++] = 10 + i;
    for (int i = 0; i < 3; i++) log[l++] = 20 + i;
    for (int j = 0; j < 5; j++) {
      if (j == 1) continue;
      log[l++] = 30 + j;
    }
    for (int i = 0; i < 2; i++) log[l++] = 40 + i;
  }
  printf("fuse looprange(2, 2):");
  for (int i = 0; i < l; i++) printf(" %d", log[i]);

  int b[3][N] = {{0}};
#pragma omp target map(tofrom: b)
  {
#pragma omp fuse apply(unroll partial(2))
    {
      for (int i = 0; i < N; i++) b[0][i] = i;
      for (int i = 0; i < N; i += 2) b[1][i] = b[0][i] + 1;
      for (int i = N - 1; i >= 0; i--) b[2][i] = 2 * i;
    }
  }
  printf("\nfuse in a target region: %d %d %d %d\n", b[0][9], b[1][8], b[1][9], b[2][0] + b[2][9]);

  int so[16], sn = 0, c = 3;
#pragma omp split counts(c, omp_fill, 2)
  for (int i = 10; i > 0; i--) so[sn++] = i;
  printf("split counts(3, omp_fill, 2):");
  for (int i = 0; i < sn; i++) printf(" %d", so[i]);
  int st[16], tn = 0;
#pragma omp target map(from: st) map(tofrom: tn)
  {
#pragma omp stripe sizes(2, 2)
    for (int i = 0; i < 3; i++)
      for (int j = 0; j < 4; j++) st[tn++] = 10 * i + j;
  }
  printf("\nstripe sizes(2, 2) in a target region:");
  for (int i = 0; i < tn; i++) printf(" %d", st[i]);
  sn = 0;
#pragma omp stripe sizes(3)
  for (int i = 0; i < 8; i++) so[sn++] = i;
  printf("\nstripe sizes(3):");
  for (int i = 0; i < sn; i++) printf(" %d", so[i]);
  printf("\n");
  return 0;
}

// KERNELS: 1
// ORACLE: expected
// WHY: OpenMP 6.0's stripe, fuse, split and apply clause, which gcc 12 and clang 19 do not
// WHY: implement; doacross(sink: omp_cur_iteration - 1) over their loops
/* ordered(n) over the loops that loop transformations generate: they have no iteration
 * variables, so the doacross dependences name the previous logical iteration
 * (doacross(sink: omp_cur_iteration - 1), OpenMP 5.2), which makes the collapsed iterations run
 * their ordered parts in the generated loops' order: each loop below logs its iterations and the
 * log must be that order, computed here with plain loops (the specification's stated order of
 * each transformation). The same over plain loops, and in a target region. The ordered loops are
 * all the generated loops: a doacross source in a loop below them would mark the whole logical
 * iteration done at its first run. */
#include <stdio.h>

static int got[256], want[256];
static int ng, nw;

static void report(const char *what) {
  int same = ng == nw;
  for (int k = 0; k < ng && k < nw; k++) same = same && got[k] == want[k];
  printf("%s: %s (%d iterations)\n", what, same ? "generated order" : "DIFFERENT", ng);
  ng = nw = 0;
}

int main(void) {
#pragma omp parallel for ordered(2) num_threads(4) schedule(static, 1)
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 5; j++) {
#pragma omp ordered doacross(sink: omp_cur_iteration - 1)
      got[ng++] = 10 * i + j;
#pragma omp ordered doacross(source: omp_cur_iteration)
    }
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 5; j++) want[nw++] = 10 * i + j;
  report("ordered(2) over two loops");

#pragma omp parallel for ordered(2) num_threads(4) schedule(dynamic)
#pragma omp stripe sizes(3)
  for (int i = 0; i < 11; i++) {
#pragma omp ordered depend(sink: omp_cur_iteration - 1)
    got[ng++] = i;
#pragma omp ordered depend(source)
  }
  for (int o = 0; o < 3; o++)
    for (int i = o; i < 11; i += 3) want[nw++] = i;
  report("ordered(2) over stripe sizes(3)");

#pragma omp parallel for ordered(1) num_threads(4)
#pragma omp fuse
  {
    for (int i = 0; i < 6; i++) {
#pragma omp ordered doacross(sink: omp_cur_iteration - 1)
      got[ng++] = i;
#pragma omp ordered doacross(source:)
    }
    for (int i = 0; i < 3; i++) got[ng++] = 100 + i;
  }
  for (int k = 0; k < 6; k++) {
    want[nw++] = k;
    if (k < 3) want[nw++] = 100 + k;
  }
  report("ordered(1) over fuse");

#pragma omp parallel for ordered(2) num_threads(4)
#pragma omp interchange apply(interchanged(1): reverse)
  for (int i = 0; i < 7; i++)
    for (int j = 0; j < 5; j++) {
#pragma omp ordered doacross(sink: omp_cur_iteration - 1)
      got[ng++] = 10 * i + j;
#pragma omp ordered doacross(source: omp_cur_iteration)
    }
  for (int j = 4; j >= 0; j--)
    for (int i = 0; i < 7; i++) want[nw++] = 10 * i + j;
  report("ordered(2) over interchange apply(interchanged(1): reverse)");

  int dev[64], dn = 0;
#pragma omp target parallel for ordered(1) map(from: dev) map(tofrom: dn) num_threads(4)
#pragma omp split counts(omp_fill)
  for (int i = 9; i >= 0; i--) {
#pragma omp ordered doacross(sink: omp_cur_iteration - 1)
    dev[dn++] = i;
#pragma omp ordered doacross(source: omp_cur_iteration)
  }
  for (int k = 0; k < dn; k++) got[ng++] = dev[k];
  for (int i = 9; i >= 0; i--) want[nw++] = i;
  report("target: ordered(1) over split counts(omp_fill)");
  return 0;
}

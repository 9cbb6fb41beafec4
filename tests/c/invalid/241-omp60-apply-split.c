// CHECK: 17:25: error: expected loop invariant expression
// CHECK: 19:31: error: expected 2 for loops after '#pragma omp split', but found only 1
// CHECK: 20:39: error: 'apply' clause names more 'split' loops than the 2 '#pragma omp split' generates
// CHECK: 22:58: error: generated loop 'split(1)' of '#pragma omp split' is named in more than one 'apply' clause
// CHECK: 25:1: error: '#pragma omp tile' must be associated with a loop nest, but '#pragma omp split' generates a sequence of 2 loops
// CHECK: 27:52: error: '#pragma omp fuse' takes a loop sequence, not the generated loop it is applied to
// CHECK-ALL
// CLANG-CANNOT: OpenMP 6.0's split construct and apply clause, which clang-19 does not implement;
// the restrictions are the specification's (6.0 9.1), the messages jomp's in clang's style. split
// generates one loop per count, named by the loop modifier `split`; a directive applied to one
// takes the loops below it as written, which must be there and rectangular (tile's error), no
// index past the split's loops, each loop named once; the loops form a sequence, which a loop
// transformation cannot take as its nest; fuse takes a sequence, not one generated loop.
void f(int n, int *a) {
#pragma omp split counts(2, omp_fill) apply(split: interchange)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++) a[i] = j;
#pragma omp split counts(2, omp_fill) apply(split(2): interchange)
  for (int i = 0; i < n; i++) a[i] = i;
#pragma omp split counts(1, omp_fill) apply(split(3): reverse)
  for (int i = 0; i < n; i++) a[i] = i;
#pragma omp split counts(omp_fill) apply(split: reverse) apply(split: reverse)
  for (int i = 0; i < n; i++) a[i] = i;
#pragma omp tile sizes(2)
#pragma omp split counts(1, omp_fill) apply(split: reverse)
  for (int i = 0; i < n; i++) a[i] = i;
#pragma omp split counts(2, omp_fill) apply(split: fuse)
  for (int i = 0; i < n; i++) a[i] = i;
}

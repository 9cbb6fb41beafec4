// CHECK: 14:21: error: 'grid' is not a loop modifier of '#pragma omp nothing' (expected 'identity')
// CHECK: 16:21: error: 'apply' clause names more 'identity' loops than the 1 '#pragma omp nothing' generates
// CHECK: 18:21: error: 'apply' clause names more 'identity' loops than the 1 '#pragma omp nothing' generates
// CHECK: 21:31: error: expected 2 for loops after '#pragma omp interchange', but found only 1
// CHECK: 22:47: error: 'intratile' is not a loop modifier of '#pragma omp nothing' (expected 'identity')
// CHECK: 24:37: error: 'parallel' in the 'apply' clause of '#pragma omp nothing' is not a loop-transforming directive
// CHECK: 27:3: error: statement after '#pragma omp reverse' must be a for loop
// CHECK-ALL
// CLANG-CANNOT: OpenMP 6.0's apply clause on nothing (6.0 10.7), which clang-19 does not implement;
// the restrictions are the specification's, the messages jomp's in clang's style. nothing before
// a loop nest generates one loop, named by the loop modifier identity: no other modifier, no
// second directive or index for it, and the directive applied must fit the loop nest.
void f(int n, int *a) {
#pragma omp nothing apply(grid: reverse)
  for (int i = 0; i < n; i++) a[i] = i;
#pragma omp nothing apply(identity: reverse, reverse)
  for (int i = 0; i < n; i++) a[i] = i;
#pragma omp nothing apply(identity(2): reverse)
  for (int i = 0; i < n; i++) a[i] = i;
#pragma omp nothing apply(identity: interchange)
  for (int i = 0; i < n; i++) a[i] = i;
#pragma omp tile sizes(2) apply(grid: nothing apply(intratile: reverse))
  for (int i = 0; i < n; i++) a[i] = i;
#pragma omp nothing apply(identity: parallel)
  for (int i = 0; i < n; i++) a[i] = i;
#pragma omp nothing apply(identity: reverse)
  a[0] = 0;
}

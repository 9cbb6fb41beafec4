// CHECK: 32:27: error: 'fused' is not a loop modifier of '#pragma omp tile' (expected 'grid' or 'intratile')
// CHECK: 34:27: error: 'apply' clause names more 'grid' loops than the 1 '#pragma omp tile' generates
// CHECK: 36:30: error: 'apply' clause names 2 generated loops for 1 directive
// CHECK: 39:27: error: 'apply' clause names more 'intratile' loops than the 1 '#pragma omp tile' generates
// CHECK: 41:48: error: generated loop 'grid(1)' of '#pragma omp tile' is named in more than one 'apply' clause
// CHECK: 43:25: error: '#pragma omp unroll' generates no loop to apply directives to
// CHECK: 45:39: error: 'parallel for' in the 'apply' clause of '#pragma omp tile' is not a loop-transforming directive
// CHECK: 47:39: error: '#pragma omp interchange' is applied to loops that are not rectangular (a loop's trip count depends on another of them)
// CHECK: 49:47: error: '#pragma omp tile' needs 2 nested loops at the generated loop it is applied to, but the loop nest there has only 1
// CHECK: 52:37: error: '#pragma omp fuse' takes a loop sequence, not the generated loop it is applied to
// CHECK: 56:25: error: expected loop invariant expression
// CHECK: 58:31: error: expected 2 for loops after '#pragma omp tile', but found only 1
// CHECK: 59:39: error: directive '#pragma omp tile' requires the 'sizes' clause
// CHECK: 61:1: error: directive '#pragma omp stripe' requires the 'sizes' clause
// CHECK: 63:1: error: directive '#pragma omp split' requires the 'counts' clause
// CHECK: 65:39: error: 'grid' is not a loop modifier of '#pragma omp split' (expected 'split')
// CHECK: 67:34: error: 'apply' clause names more 'fused' loops than the 1 '#pragma omp fuse' generates
// CHECK-ALL
// CLANG-CANNOT: OpenMP 6.0's apply clause, which clang-19 does not implement; the restrictions are
// the specification's (6.0 9.1: a loop modifier the construct defines, no more directives than it
// generates loops of that kind, each generated loop named once, loop-transforming directives only,
// each fitting the loop nest at the loop it is applied to), the messages jomp's in clang's style.
// tile generates grid and intratile loops, an intratile loop's trip count depends on its grid loop
// (the last tile may be partial), so grid and intratile loops cannot be interchanged or tiled
// together; unroll partial's generated loop holds copies of the body, no loop nest; unroll full
// generates no loop; fuse takes a loop sequence, not one generated loop. A directive applied to a
// loop may take loops of the nest below the construct's own (interchange of the intratile loop and
// the j loop): they must be there and rectangular, as tile's. tile and stripe need sizes, split
// counts, also where an apply clause names them (clang's message for tile). split's loops are
// `split` loops (LLVM's OMP.td: LM_Split); fuse with a looprange still generates one fused loop.
void f(int n, int *a) {
#pragma omp tile sizes(4) apply(fused: reverse)
  for (int i = 0; i < n; i++) a[i] = i;
#pragma omp tile sizes(4) apply(grid: reverse, reverse)
  for (int i = 0; i < n; i++) a[i] = i;
#pragma omp tile sizes(4, 4) apply(grid(1, 2): reverse)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) a[i] = j;
#pragma omp tile sizes(4) apply(intratile(2): reverse)
  for (int i = 0; i < n; i++) a[i] = i;
#pragma omp tile sizes(4) apply(grid: reverse) apply(grid(1): unroll)
  for (int i = 0; i < n; i++) a[i] = i;
#pragma omp unroll full apply(reverse)
  for (int i = 0; i < 8; i++) a[i] = i;
#pragma omp tile sizes(4) apply(grid: parallel for)
  for (int i = 0; i < n; i++) a[i] = i;
#pragma omp tile sizes(4) apply(grid: interchange)
  for (int i = 0; i < n; i++) a[i] = i;
#pragma omp unroll partial(2) apply(unrolled: tile sizes(2, 2))
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) a[i] = j;
#pragma omp reverse apply(reversed: fuse)
  for (int i = 0; i < n; i++) a[i] = i;
#pragma omp tile sizes(2) apply(intratile: interchange)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++) a[i] = j;
#pragma omp tile sizes(2) apply(intratile: interchange)
  for (int i = 0; i < n; i++) a[i] = i;
#pragma omp tile sizes(2) apply(grid: tile)
  for (int i = 0; i < n; i++) a[i] = i;
#pragma omp stripe
  for (int i = 0; i < n; i++) a[i] = i;
#pragma omp split
  for (int i = 0; i < n; i++) a[i] = i;
#pragma omp split counts(2, omp_fill) apply(grid: reverse)
  for (int i = 0; i < n; i++) a[i] = i;
#pragma omp fuse looprange(1, 2) apply(fused: reverse, reverse)
  {
    for (int i = 0; i < n; i++) a[i] = i;
    for (int i = 0; i < n; i++) a[i] = i;
    for (int i = 0; i < n; i++) a[i] = i;
  }
}

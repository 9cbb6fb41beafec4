// CHECK: 15:11: error: list item 'x' of an 'exclusive' clause must not be used in the initialization phase of the scan
// CHECK: 24:1: error: a 'scan' directive with an 'init_complete' clause must precede a 'scan' directive with an 'exclusive' clause
// CHECK: 32:1: error: at most one 'scan' directive with an 'init_complete' clause may appear in a loop body
// CHECK: 39:32: error: expression is not an integral constant expression
// CHECK: 47:1: error: exactly one of 'inclusive', 'exclusive' or 'init_complete' clauses is expected
// CHECK: 52:32: error: directive '#pragma omp scan' cannot contain more than one 'init_complete' clause
// CLANG-CANNOT: clang 19 does not know scan's init_complete clause (OpenMP 6.0): the CHECK lines are jomp's
/* scan init_complete (OpenMP 6.0 §7.7, §7.7.3): at most one in a loop body, before the scan with
 * exclusive (so never with inclusive), alone on its directive, with a constant argument; the
 * initialization phase neither reads nor writes the exclusive scan's list items. */
int main(void) {
  int c[10], tmp = 0, x = 0;
#pragma omp parallel for reduction(inscan, + : x)
  for (int k = 0; k < 10; k++) {
    tmp = x;
#pragma omp scan init_complete
    c[k] = x;
#pragma omp scan exclusive(x)
    x += tmp;
  }
#pragma omp parallel for reduction(inscan, + : x)
  for (int k = 0; k < 10; k++) {
    tmp = k;
#pragma omp scan init_complete
    x += tmp;
#pragma omp scan inclusive(x)
    c[k] = x;
  }
#pragma omp parallel for reduction(inscan, + : x)
  for (int k = 0; k < 10; k++) {
#pragma omp scan init_complete
#pragma omp scan init_complete
    c[k] = x;
#pragma omp scan exclusive(x)
    x += tmp;
  }
#pragma omp parallel for reduction(inscan, + : x)
  for (int k = 0; k < 10; k++) {
#pragma omp scan init_complete(k)
    c[k] = x;
#pragma omp scan exclusive(x)
    x += tmp;
  }
#pragma omp parallel for reduction(inscan, + : x)
  for (int k = 0; k < 10; k++) {
    c[k] = x;
#pragma omp scan init_complete exclusive(x)
    x += tmp;
  }
#pragma omp simd reduction(inscan, + : x)
  for (int k = 0; k < 10; k++) {
#pragma omp scan init_complete init_complete
    c[k] = x;
#pragma omp scan exclusive(x)
    x += tmp;
  }
  return c[0];
}

// CHECK: 6:1: error: directive '#pragma omp tile' requires the 'sizes' clause
// CHECK-ALL
// A tile construct needs its sizes clause (clang's error, at the directive). jomp used to stop
// with an internal error when it generated code for it.
void f(int n, int *a) {
#pragma omp tile
  for (int i = 0; i < n; i++) a[i] = i;
}

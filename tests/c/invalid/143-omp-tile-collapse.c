// CHECK: 9:33: error: expected 5 for loops after '#pragma omp for', but found only 4
// CHECK: 12:18: error: expected loop invariant expression
// A loop construct may collapse the loops tile generates, floor loops then element loops, and no
// more; a tile's own loops must be rectangular (OpenMP 5.1).
void f(int *a, int n) {
  #pragma omp for collapse(5)
  #pragma omp tile sizes(2, 2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) a[i] += j;
  #pragma omp tile sizes(2, 2)
  for (int i = 0; i < n; i++)
    for (int j = i; j < n; j++) a[i] += j;
  #pragma omp parallel for collapse(4)
  #pragma omp tile sizes(3, 2)
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++) a[i] += j;
}

// ORACLE: expected
// KERNELS: 2
// WHY: clang 19 moves a[lo:len:stride] in target update as if it were contiguous (a[0:5:2] copies a[0..4]) and rejects strides in map clauses; gcc 12 rejects array sections with a stride.
/* Strided array sections (OpenMP 5.2 §3.2.5): target update moves only the selected elements,
   in one dimension and in two; a strided section in a map clause maps the storage from its first
   to its last element and moves only its elements. */
#include <stdio.h>
int main(void) {
  int b[10], m[4][6];
  for (int i = 0; i < 10; i++) b[i] = i;
  for (int i = 0; i < 4; i++) for (int j = 0; j < 6; j++) m[i][j] = 10 * i + j;
#pragma omp target enter data map(to: b, m)
  for (int i = 0; i < 10; i++) b[i] = -i;
  for (int i = 0; i < 4; i++) for (int j = 0; j < 6; j++) m[i][j] = -1;
#pragma omp target update to(b[1:4:2], m[0:2:2][1:3:2])
#pragma omp target
  { for (int i = 0; i < 10; i++) b[i] *= 2; for (int i = 0; i < 4; i++) for (int j = 0; j < 6; j++) m[i][j] += 1000; }
#pragma omp target update from(b[0:3:3], m[1:3][0:2:5])
  for (int i = 0; i < 10; i++) printf("%d ", b[i]);
  printf("\n");
  for (int i = 0; i < 4; i++) { for (int j = 0; j < 6; j++) printf("%d ", m[i][j]); printf("\n"); }
#pragma omp target exit data map(delete: b, m)
  int c[8] = {0, 1, 2, 3, 4, 5, 6, 7};
#pragma omp target map(tofrom: c[1:3:3])
  for (int i = 1; i < 8; i += 3) c[i] += 100;
  for (int i = 0; i < 8; i++) printf("%d ", c[i]);
  printf("\n");
  return 0;
}

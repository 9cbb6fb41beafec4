// ORACLE: clang-offload
// KERNELS: 3
// CLANG-FLAGS: -fopenmp-version=52
/* Map modifiers (OpenMP 5.2 §5.8.3): always copies even when present; close asks for memory near
   the device; present requires the data to be there already (also as a motion modifier);
   ompx_hold (clang's extension) keeps a mapping that exit data would drop until the structured
   region ends; the iterator modifier maps one list item per value of the iterator. */
#include <stdio.h>
int main(void) {
  int x = 1, y = 10;
#pragma omp target enter data map(to: x, y)
  x = 2;
  y = 20;
#pragma omp target map(always, close, to: x) map(tofrom: y)
  { y = x * 100 + y; x = 0; }
  printf("always: y=%d (x sent again, y not)\n", y);
#pragma omp target update from(present: y)
  printf("present update: y=%d\n", y);
#pragma omp target exit data map(delete: x, y)

  int h = 5;
#pragma omp target data map(ompx_hold, tofrom: h)
  {
#pragma omp target exit data map(delete: h)   /* the hold reference keeps it */
#pragma omp target map(present, tofrom: h)
    h += 1;
  }
  printf("hold: h=%d\n", h);

  int a[4][3], *rows[4], s = 0;
  for (int i = 0; i < 4; i++) { rows[i] = a[i]; for (int j = 0; j < 3; j++) a[i][j] = i * 3 + j; }
#pragma omp target map(to: rows[0:4]) map(iterator(it = 0:4), to: rows[it][0:3]) map(tofrom: s)
  for (int i = 0; i < 4; i++) for (int j = 0; j < 3; j++) s += rows[i][j];
  printf("iterator: s=%d\n", s);
  return 0;
}

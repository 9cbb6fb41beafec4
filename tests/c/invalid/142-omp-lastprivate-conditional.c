// CHECK: 8:64: error: use of undeclared identifier 'conditional'
// CHECK: 12:36: error: use of undeclared identifier 'conditional'
// lastprivate(conditional:) where OpenMP 5.2 forbids the modifier (distribute, taskloop): clang
// reads the word as a name then; on for and sections it is the OpenMP 5.0 modifier.
int a[100];
int main(void) {
  int d = 0, e = 0;
  #pragma omp target teams distribute parallel for lastprivate(conditional: d) map(tofrom: d)
  for (int i = 0; i < 100; i++) d = a[i];
  #pragma omp parallel
  #pragma omp single
  #pragma omp taskloop lastprivate(conditional: e)
  for (int i = 0; i < 100; i++) e = a[i];
  #pragma omp parallel for lastprivate(conditional: d, e)
  for (int i = 0; i < 100; i++) if (a[i]) d = e = i;
  return d + e;
}

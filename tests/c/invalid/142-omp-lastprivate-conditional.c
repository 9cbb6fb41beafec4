// CHECK: 11:64: error: use of undeclared identifier 'conditional'
// CHECK: 15:36: error: use of undeclared identifier 'conditional'
// CHECK: 25:45: error: only loop iteration variables are allowed in 'lastprivate' clause in 'omp loop' directives
// CHECK: 27:48: error: only loop iteration variables are allowed in 'lastprivate' clause in 'omp target teams loop' directives
// lastprivate(conditional:) where OpenMP 5.2 forbids the modifier (distribute, taskloop): clang
// reads the word as a name then; on for and sections it is the OpenMP 5.0 modifier. loop's
// lastprivate takes only its loop variables.
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
void loops(int n);
void loops(int n) {
  int u = 0, k;
  #pragma omp parallel
  #pragma omp loop lastprivate(conditional: u)
  for (int i = 0; i < n; i++) u = i;
  #pragma omp target teams loop lastprivate(k, u) map(tofrom: u)
  for (k = 0; k < n; k++) u = k;
}

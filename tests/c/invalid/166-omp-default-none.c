// CHECK: 22:17: error: variable 'c' must have explicitly specified data sharing attributes
// CHECK: 24:23: error: variable 'n' must have explicitly specified data sharing attributes
// CHECK: 26:5: error: variable 'g' must have explicitly specified data sharing attributes
// CHECK: 33:35: error: variable 'y' must have explicitly specified data sharing attributes
// CHECK: 37:8: error: variable 'p' must have explicitly specified data sharing attributes
// CHECK: 38:72: error: variable 'y' must have explicitly specified data sharing attributes
// CHECK: 41:5: error: variable 'x' must have explicitly specified data sharing attributes
// CHECK: 43:44: error: variable 'y' must have explicitly specified data sharing attributes
// default(none): every variable a construct references must have a data-sharing attribute, a
// predetermined one (declared inside, a loop variable of the construct's loops, threadprivate)
// or one of its clauses; references in nested constructs count (their private lists and what
// they privatise aside), as do the loop bounds and schedule chunk of the construct itself. One
// variable per construct here: clang reports several of one construct in no fixed order.
void work(int);
int g;
int tp;
#pragma omp threadprivate(tp)
void f(int n, int *p) {
  int x = 0, y = 0;
  const int c = 3;
  #pragma omp parallel default(none) shared(x)
  { int local = c; x = local + tp; }
  #pragma omp parallel for default(none) shared(x)
  for (int i = 0; i < n; i++) x += i;
  #pragma omp parallel default(none)
  { g++; }
  #pragma omp parallel default(none) shared(x)
  {
    #pragma omp for
    for (int i = 0; i < 4; i++) x += i;
    #pragma omp parallel private(y)
    { y = x; }
    #pragma omp task firstprivate(y)
    { x += y; }
  }
  #pragma omp task default(none) shared(x)
  x += p[0];
  #pragma omp parallel for default(none) shared(x, n) schedule(static, y)
  for (int i = 0; i < n; i++) x += i;
  #pragma omp target teams default(none) map(x)
  { x++; }
  #pragma omp taskloop default(none) shared(x, n)
  for (int i = 0; i < n; i++) work(x + i + y);
  #pragma omp parallel default(none) shared(x) num_threads(n)
  { x = sizeof(y); }
}

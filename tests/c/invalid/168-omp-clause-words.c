// CHECK: 18:40: error: valid assumes clauses start with 'ext_', 'absent', 'contains', 'holds', 'no_openmp', 'no_openmp_routines', 'no_parallelism'; tokens will be ignored [-Werror,-Wopenmp-clauses]
// CHECK: 19:35: error: 'no_parallelism' clause should not be followed by arguments; tokens will be ignored [-Werror,-Wopenmp-clauses]
// CHECK: 19:39: error: valid assumes clauses start with 'ext_', 'absent', 'contains', 'holds', 'no_openmp', 'no_openmp_routines', 'no_parallelism'; token will be ignored [-Werror,-Wopenmp-clauses]
// CHECK: 20:42: error: valid begin assumes clauses start with 'ext_', 'absent', 'contains', 'holds', 'no_openmp', 'no_openmp_routines', 'no_parallelism'; token will be ignored [-Werror,-Wopenmp-clauses]
// CHECK: 23:13: error: expected at least one 'ext_', 'absent', 'contains', 'holds', 'no_openmp', 'no_openmp_routines', 'no_parallelism' clause for '#pragma omp assumes'
// CHECK: 26:45: error: unexpected OpenMP clause 'nowait' in directive '#pragma omp parallel for'
// CHECK: 26:68: error: unexpected OpenMP clause 'safelen' in directive '#pragma omp parallel for'
// CHECK: 26:87: error: use of undeclared identifier 'y'
// CHECK: 28:24: error: extra tokens at the end of '#pragma omp parallel' are ignored [-Werror,-Wextra-tokens]
// CHECK: 30:24: error: extra tokens at the end of '#pragma omp parallel' are ignored [-Werror,-Wextra-tokens]
// CHECK: 32:20: error: extra tokens at the end of '#pragma omp task' are ignored [-Werror,-Wextra-tokens]
// CHECK: 34:37: error: extra tokens at the end of '#pragma omp single' are ignored [-Werror,-Wextra-tokens]
// A word that is a clause to clang elsewhere but not on this directive is an error and the
// clauses after it are still parsed; a word that is no clause here (an assumption clause,
// otherwise, interop, a misspelling) ends the list with a warning, as clang 19 decides. assumes
// takes assumption clauses only: anything else is skipped with its arguments, with clang's warning.
// CHECK-WARN
#pragma omp assumes no_openmp_routines foo(1) ext_mine
#pragma omp assumes no_parallelism(1) bar
#pragma omp begin assumes absent(target) baz contains(parallel)
void g(void);
#pragma omp end assumes
#pragma omp assumes
void f(int n) {
  int x = 0;
  #pragma omp parallel for schedule(static) nowait reduction(+: x) safelen(2) private(y)
  for (int i = 0; i < n; i++) x += i;
  #pragma omp parallel absent(target) shared(y)
  x++;
  #pragma omp parallel otherwise(for) shared(y)
  x++;
  #pragma omp task depobj(x) shared(y)
  x++;
  #pragma omp single copyprivate(x) sharde(x) shared(y)
  x++;
}

// CHECK: 20:28: warning: compile-time warning [-Wuser-defined-warnings]
// CHECK: 24:33: error: expected ')'
// CHECK: 26:35: warning: extra tokens at the end of '#pragma omp parallel' are ignored [-Wextra-tokens]
// CHECK: 28:34: error: expected 'master', 'close', 'spread' or 'primary' in OpenMP clause 'proc_bind'
// CHECK: 28:55: error: expression must have integral or unscoped enumeration type, not 'double'
// CHECK: 30:28: error: expected 'static', 'dynamic', 'guided', 'auto', 'runtime', 'monotonic', 'nonmonotonic' or 'simd' in OpenMP clause 'schedule'
// CHECK: 30:46: error: argument of a linear clause should be of integral or pointer type, not 'double'
// CHECK: 32:27: error: expected depend modifier(iterator) or 'in', 'out', 'inout', 'mutexinoutset', 'depobj' or 'inoutset' in OpenMP clause 'depend'
// CHECK: 34:3: error: ERROR
// CHECK: 35:30: warning: WARNING [-Wuser-defined-warnings]
// CHECK: 36:3: error: stop here
// CHECK: 37:25: error: expected 'teams', 'parallel' or 'thread' in OpenMP clause 'bind'
// CHECK: 37:43: error: expected 'concurrent' in OpenMP clause 'order'
// CHECK: 37:3: error: expected 'bind' clause for 'loop' construct without an enclosing OpenMP construct
// CHECK: 39:3: error: one of 'for', 'parallel', 'sections' or 'taskgroup' is expected
// Syntax errors inside a clause are reported and parsing resumes at the next clause; a word that
// is no OpenMP clause ends the clause list with a warning, as in clang; the error directive reports
// at compile time.
#include <omp.h>
#pragma omp error severity(warning) message("compile-time warning")
int main(void) {
  int x = 0, i, a[4];
  double d = 0;
  #pragma omp parallel private(x
  x++;
  #pragma omp parallel shared(x) ,, private(x)
  x++;
  #pragma omp parallel proc_bind(nowhere) num_threads(2.5) if(x)
  x++;
  #pragma omp for schedule(sometimes) linear(d) nowait
  for (i = 0; i < 4; i++) a[i] = i;
  #pragma omp task depend(sideways: x) priority(1)
  x++;
  #pragma omp error
  #pragma omp error severity(warning)
  #pragma omp error message("stop here")
  #pragma omp loop bind(everything) order(random)
  for (i = 0; i < 4; i++) a[i] = i;
  #pragma omp cancel everything
  #pragma omp nothing
  return x;
}

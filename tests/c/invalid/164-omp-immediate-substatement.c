// CHECK: 21:17: error: '#pragma omp barrier' cannot be an immediate substatement
// CHECK: 23:17: error: '#pragma omp taskwait' cannot be an immediate substatement
// CHECK: 25:17: error: '#pragma omp taskyield' cannot be an immediate substatement
// CHECK: 27:17: error: '#pragma omp flush' cannot be an immediate substatement
// CHECK: 29:17: error: '#pragma omp flush' cannot be an immediate substatement
// CHECK: 33:17: error: '#pragma omp barrier' cannot be an immediate substatement
// CHECK: 38:15: error: '#pragma omp barrier' cannot be an immediate substatement
// CHECK: 40:15: error: '#pragma omp barrier' cannot be an immediate substatement
// CHECK: 42:24: error: '#pragma omp target update' cannot be an immediate substatement
// CHECK: 44:30: error: '#pragma omp target enter data' cannot be an immediate substatement
// CHECK: 46:29: error: '#pragma omp target exit data' cannot be an immediate substatement
// CHECK: 50:19: error: '#pragma omp cancel' cannot be an immediate substatement
// CHECK: 63:7: error: '#pragma omp ordered' with 'depend' clause cannot be an immediate substatement
// Standalone directives stand only among a compound statement's items: as the body of an if, a
// loop, a label or case, or an OpenMP construct, C would make them the statement, and clang
// refuses them there. The same directives inside braces are fine; nothing and the executable
// constructs with a statement of their own are fine anywhere.
void work(int);
void f(int x, int *a) {
  if (x)
    #pragma omp barrier
  if (x) work(0); else
    #pragma omp taskwait
  while (x--)
    #pragma omp taskyield
  for (;;)
    #pragma omp flush
  do
    #pragma omp flush
  while (x);
  switch (x) {
  case 1:
    #pragma omp barrier
  default:
    work(1);
  }
 done:
  #pragma omp barrier
  #pragma omp parallel
  #pragma omp barrier
  if (x)
    #pragma omp target update to(a[0:1])
  if (x)
    #pragma omp target enter data map(to: a[0:1])
  if (x)
    #pragma omp target exit data map(release: a[0:1])
  #pragma omp parallel
  {
    if (x)
      #pragma omp cancel parallel
    if (x) {
      #pragma omp barrier
    }
  }
  if (x)
    #pragma omp nothing
  if (x)
    #pragma omp critical
    work(2);
  #pragma omp parallel for ordered(1)
  for (int i = 0; i < 4; i++) {
    if (i)
      #pragma omp ordered depend(sink: i - 1)
    work(i);
    #pragma omp ordered depend(source)
  }
}

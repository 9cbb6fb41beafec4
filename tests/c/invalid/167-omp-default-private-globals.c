// CHECK: 15:22: error: variable 'g' must have explicitly specified data sharing attributes
// CHECK: 17:13: error: variable 'sg' must have explicitly specified data sharing attributes
// CHECK: 21:5: error: variable 'h' must have explicitly specified data sharing attributes
// default(private) and default(firstprivate) give the variables a construct references that
// attribute, but not the variables of file scope, which must be listed (OpenMP 5.2 §5.4.1); local
// statics and threadprivate variables are fine.
int g, h;
static int sg;
int tp;
#pragma omp threadprivate(tp)
void f(void) {
  int x = 0;
  static int st;
  #pragma omp parallel default(firstprivate)
  { x++; st++; tp++; g++; }
  #pragma omp parallel default(private) shared(g)
  { x = g + sg; }
  #pragma omp task default(firstprivate) firstprivate(h)
  { x = h; }
  #pragma omp teams default(private)
  { h = x; }
}

// CHECK: 6:37: error: redefinition of user-defined reduction for type 'struct p'
// CHECK: 10:32: error: incorrect reduction identifier, expected one of '+', '-', '*', '&', '|', '^', '&&', '||', 'min' or 'max' or declare reduction for type 'double'
// CHECK: 12:32: error: incorrect reduction identifier, expected one of '+', '-', '*', '&', '|', '^', '&&', '||', 'min' or 'max' or declare reduction for type 'struct p'
struct p { int x; };
#pragma omp declare reduction(add : struct p : omp_out.x += omp_in.x)
#pragma omp declare reduction(add : struct p : omp_out.x *= omp_in.x)
int main(void) {
  struct p a = {0};
  double d = 0;
#pragma omp parallel reduction(add : d)
  d += 1;
#pragma omp parallel reduction(sub : a)
  a.x++;
  return a.x;
}

// CHECK: 17:36: error: incorrect reduction identifier, expected one of '+', '-', '*', '&', '|', '^', '&&', '||', 'min' or 'max' or declare reduction for type 'int'
// CHECK: 19:36: error: incorrect reduction identifier, expected one of '+', '-', '*', '&', '|', '^', '&&', '||', 'min' or 'max' or declare reduction for type 'int'
// CHECK: 24:36: error: incorrect reduction identifier, expected one of '+', '-', '*', '&', '|', '^', '&&', '||', 'min' or 'max' or declare reduction for type 'double'
// CHECK: 31:37: error: redefinition of user-defined reduction for type 'int'
/* declare reduction is block-scoped: a use after its block ends, or before its directive, finds
 * none; a block's declaration hides the file scope's of the same identifier for every type, and
 * a second one for the same type in the block is a redefinition (an inner block may redeclare it). */
#pragma omp declare reduction(red : double : omp_out += omp_in) initializer(omp_priv = 0)
void f(void) {
  int x = 0;
  double d = 0;
  {
#pragma omp declare reduction(blk : int : omp_out += omp_in)
#pragma omp parallel for reduction(blk : x)
    for (int i = 0; i < 10; i++) x += i;
  }
#pragma omp parallel for reduction(blk : x)
  for (int i = 0; i < 10; i++) x += i;
#pragma omp parallel for reduction(later : x)
  for (int i = 0; i < 10; i++) x += i;
#pragma omp declare reduction(later : int : omp_out += omp_in)
  {
#pragma omp declare reduction(red : int : omp_out += omp_in) initializer(omp_priv = 0)
#pragma omp parallel for reduction(red : d, x)
    for (int i = 0; i < 10; i++) { d += i; x += i; }
    {
#pragma omp declare reduction(red : int : omp_out *= omp_in) initializer(omp_priv = 1)
#pragma omp parallel for reduction(red : x)
      for (int i = 0; i < 10; i++) x *= 2;
    }
#pragma omp declare reduction(red : int : omp_out -= omp_in) initializer(omp_priv = 0)
  }
#pragma omp parallel for reduction(red : d)
  for (int i = 0; i < 10; i++) d += i;
}

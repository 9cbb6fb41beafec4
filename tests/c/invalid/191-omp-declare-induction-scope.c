// CHECK: 10:37: error: redefinition of user-defined induction for type 'int'
// CHECK: 13:38: error: redefinition of user-defined induction for type 'long' with step type 'int'
// CHECK: 23:45: error: incorrect induction identifier, expected one of '+' or '*' or declare induction for type 'int'
// CHECK: 25:45: error: incorrect induction identifier, expected one of '+' or '*' or declare induction for type 'int'
// CLANG-CANNOT: clang 19 does not know declare_induction (OpenMP 6.0): the CHECK lines are jomp's
/* A declare induction is visible where a variable declared at its place would be (OpenMP 6.0
 * §7.6.17): a second one of the same identifier and type in one scope is an error, one in an inner
 * scope is not; after its block it is gone, and it must come before its use. */
#pragma omp declare induction(add : int) inductor(omp_var += omp_step) collector(omp_step * omp_idx)
#pragma omp declare induction(add : signed int) inductor(omp_var += omp_step) collector(omp_step * omp_idx)
#pragma omp declare induction(add : double) inductor(omp_var += omp_step) collector(omp_step * omp_idx)
#pragma omp declare induction(move : (long, int)) inductor(omp_var += omp_step) collector(omp_step * omp_idx)
#pragma omp declare induction(move : (long, int)) inductor(omp_var -= omp_step) collector(omp_step * omp_idx)
#pragma omp declare induction(move : (long, short)) inductor(omp_var -= omp_step) collector(omp_step * omp_idx)
int main(void) {
  int x = 0;
  {
#pragma omp declare induction(add : int) inductor(omp_var += 2 * omp_step) collector(omp_step * omp_idx)
#pragma omp declare induction(local : int) inductor(omp_var += omp_step) collector(omp_step * omp_idx)
#pragma omp parallel for induction(step(1), local : x)
    for (int i = 0; i < 4; i++) x++;
  }
#pragma omp parallel for induction(step(1), local : x)
  for (int i = 0; i < 4; i++) x++;
#pragma omp parallel for induction(step(1), later : x)
  for (int i = 0; i < 4; i++) x++;
#pragma omp declare induction(later : int) inductor(omp_var += omp_step) collector(omp_step * omp_idx)
  return x;
}

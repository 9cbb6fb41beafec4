// CHECK: 9:45: error: incorrect induction identifier, expected one of '+' or '*' or declare induction for type 'int'
// CLANG-CANNOT: clang 19 does not know the induction clause (OpenMP 6.0): the CHECK lines are jomp's
/* "#pragma declare induction" without omp is no OpenMP directive (an unknown pragma, ignored), so
 * the induction clause below names an identifier nothing declares (OpenMP_VV's
 * test_target_declare_induction.c is written so). */
int main(void) {
  int x = 1;
#pragma declare induction(user_def : int) inductor(omp_var = omp_var * omp_step) collector(omp_step * omp_idx)
#pragma omp parallel for induction(step(2), user_def : x)
  for (int i = 0; i < 8; i++) x *= 2;
  return x;
}

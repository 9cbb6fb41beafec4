// CHECK: 18:26: error: expected 'step' modifier in 'induction' clause
// CHECK: 20:45: error: more than one 'step' modifier in 'induction' clause
// CHECK: 22:45: error: incorrect induction identifier, expected one of '+' or '*' or declare induction for type 'int'
// CHECK: 24:45: error: incorrect induction identifier, expected one of '+' or '*' or declare induction for type 'double'
// CHECK: 26:49: error: induction variable must have arithmetic type
// CHECK: 30:45: error: expected '+', '*' or an induction identifier declared by 'declare induction'
// CLANG-CANNOT: clang 19 does not know the induction clause (OpenMP 6.0): the CHECK lines are jomp's
/* induction(step(s), [strict|relaxed,] id: list) (OpenMP 6.0 §7.6.13): the step modifier is
 * required and given once; the identifier is + or * for arithmetic types, or
 * a declare induction visible for the list item's type. */
typedef struct { int a; } S;
#pragma omp declare induction(inc : int) inductor(omp_var += omp_step) collector(omp_step * omp_idx)
#pragma omp declare induction(walk : (S, int)) inductor(omp_var.a += omp_step) collector(omp_step * omp_idx)
int main(void) {
  int x = 0;
  double d = 0;
  S s = {0};
#pragma omp parallel for induction(+ : x)
  for (int i = 0; i < 4; i++) x++;
#pragma omp parallel for induction(step(1), step(2), + : x)
  for (int i = 0; i < 4; i++) x++;
#pragma omp parallel for induction(step(1), nosuch : x)
  for (int i = 0; i < 4; i++) x++;
#pragma omp parallel for induction(step(1), inc : d)
  for (int i = 0; i < 4; i++) d++;
#pragma omp parallel for induction(step(1), + : s)
  for (int i = 0; i < 4; i++) s.a++;
#pragma omp parallel for induction(step(1), strict, walk : s) induction(relaxed, step(1), inc : x)
  for (int i = 0; i < 4; i++) s.a++, x++;
#pragma omp parallel for induction(step(1), && : x)
  for (int i = 0; i < 4; i++) x++;
  return x + s.a + (int)d;
}

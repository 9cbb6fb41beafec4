// CHECK: 12:45: error: expected '+', '*' or an induction identifier declared by 'declare induction'
// CHECK: 14:81: error: expected '+', '*' or an induction identifier declared by 'declare induction'
// CHECK: 16:37: error: expected '+', '*' or an induction identifier declared by 'declare induction'
// CLANG-CANNOT: clang 19 does not know the induction clause (OpenMP 6.0): the CHECK lines are jomp's
/* The induction clause's identifier (OpenMP 6.0 §7.6.13): + and * are the only predefined ones
 * (a declare_induction may name others, and may not name -); '-' is no induction identifier, as
 * it is no declare_induction identifier (invalid/190): a decreasing induction is + with a
 * negative step. */
int main(void) {
  int x = 100;
  long y = 7;
#pragma omp parallel for induction(step(4), - : x)
  for (int i = 0; i < 4; i++) x -= 4;
#pragma omp parallel for induction(step(-4), + : x) induction(step(2), relaxed, - : y)
  for (int i = 0; i < 4; i++) { x -= 4; y -= 2; }
#pragma omp simd induction(step(3), / : y)
  for (int i = 0; i < 4; i++) y /= 3;
  return x + (int)y;
}

// CHECK: 11:69: error: only 'omp_var' or 'omp_step' variables are allowed in inductor expression
// CHECK: 12:96: error: use of undeclared identifier 'omp_var'
// CHECK: 13:60: error: use of undeclared identifier 'omp_idx'
// CHECK: 14:107: error: only 'omp_step' or 'omp_idx' variables are allowed in collector expression
// CLANG-CANNOT: clang 19 does not know declare_induction (OpenMP 6.0): the CHECK lines are jomp's
/* The only variables an inductor may name are omp_var and omp_step, a collector omp_step and
 * omp_idx (OpenMP 6.0 §7.6.2.3, §7.6.2.4); functions and enumeration constants are no variables. */
enum { TWO = 2 };
int scale = 3;
static int twice(int v) { return TWO * v; }
#pragma omp declare induction(a : int) inductor(omp_var = omp_var + scale * omp_step) collector(omp_step * omp_idx)
#pragma omp declare induction(b : int) inductor(omp_var = twice(omp_var) + omp_step) collector(omp_var * omp_idx)
#pragma omp declare induction(c : int) inductor(omp_var += omp_idx) collector(omp_step * omp_idx)
#pragma omp declare induction(d : int) inductor(omp_var += TWO * omp_step) collector(omp_step * omp_idx * scale)
#pragma omp declare induction(ok : int) inductor(omp_var = twice(omp_var) + TWO * omp_step) collector(twice(omp_step) * omp_idx)
int main(void) { return 0; }

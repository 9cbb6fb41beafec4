// CHECK: 15:9: error: expected 'collector' clause on '#pragma omp declare induction' directive
// CHECK: 16:9: error: expected 'inductor' clause on '#pragma omp declare induction' directive
// CHECK: 17:74: error: directive '#pragma omp declare induction' cannot contain more than one 'inductor' clause
// CHECK: 18:74: error: unexpected OpenMP clause 'combiner' in directive '#pragma omp declare induction'
// CHECK: 19:31: error: expected identifier or one of the following operators: '+' or '*'
// CHECK: 20:35: error: induction type cannot be qualified with 'const', 'volatile' or 'restrict'
// CHECK: 21:37: error: induction type cannot be an array type
// CHECK: 22:36: error: induction type cannot be a function type
// CHECK: 23:39: error: a type in 'declare induction' must not declare a new type
// CHECK: 24:47: error: induction type cannot be qualified with 'const', 'volatile' or 'restrict'
// CLANG-CANNOT: clang 19 does not know declare_induction (OpenMP 6.0): the CHECK lines are jomp's
/* declare_induction (OpenMP 6.0 §7.6.17): an identifier or + or *, a type list of types and
 * (type, step type) pairs, and both an inductor and a collector clause, each once; no type that
 * is qualified, a function or an array type, or declares a new type. */
#pragma omp declare induction(noc : int) inductor(omp_var = omp_var + omp_step)
#pragma omp declare induction(noi : int) collector(omp_step * omp_idx)
#pragma omp declare_induction(twice : int) inductor(omp_var += omp_step) inductor(omp_var += omp_step) collector(omp_step * omp_idx)
#pragma omp declare induction(other : int) inductor(omp_var += omp_step) combiner(omp_var) collector(omp_step * omp_idx)
#pragma omp declare induction(- : int) inductor(omp_var -= omp_step) collector(omp_step * omp_idx)
#pragma omp declare induction(q : const int) inductor(omp_var += omp_step) collector(omp_step * omp_idx)
#pragma omp declare induction(arr : int[3]) inductor(omp_var += omp_step) collector(omp_step * omp_idx)
#pragma omp declare induction(fn : int(int)) inductor(omp_var += omp_step) collector(omp_step * omp_idx)
#pragma omp declare induction(fresh : struct s { int a; }) inductor(omp_var = omp_var) collector(omp_step)
#pragma omp declare induction(pair : (double, const int)) inductor(omp_var += omp_step) collector(omp_step * omp_idx)
int main(void) { return 0; }

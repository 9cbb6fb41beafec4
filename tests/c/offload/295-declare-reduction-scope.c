// KERNELS: 2
/* declare reduction is block-scoped (OpenMP 5.2 §5.5.11, as a declaration): visible from its
 * directive to the end of its block; an inner block may declare the same identifier again,
 * which hides the outer declaration for every type (clang 19's and gcc's lookup of the name),
 * and after the block the outer one is visible again. On the host and in target regions. */
#include <stdio.h>

#pragma omp declare reduction(acc : int : omp_out += omp_in) initializer(omp_priv = 0)
#pragma omp declare reduction(acc : double : omp_out += omp_in) initializer(omp_priv = 0)

static int outer(int n) {
  int s = 0;
#pragma omp parallel for reduction(acc : s) num_threads(3)
  for (int i = 1; i <= n; i++) s += i;
  return s;
}

int main(void) {
  int a = 0, b = 1000, c = 1000, d = 0;
  double x = 0;
  {
    /* max here, min in the inner block, sums outside: the result shows which declaration
     * combined the private copies (each starts at its initializer's value) */
#pragma omp declare reduction(acc : int : omp_out = omp_out > omp_in ? omp_out : omp_in) initializer(omp_priv = -1)
#pragma omp parallel for reduction(acc : a) num_threads(4)
    for (int i = 0; i < 100; i++) a = a > (i * 7) % 61 ? a : (i * 7) % 61;
    {
#pragma omp declare reduction(acc : int : omp_out = omp_out < omp_in ? omp_out : omp_in) initializer(omp_priv = 1000)
#pragma omp parallel for reduction(acc : b) num_threads(4)
      for (int i = 0; i < 100; i++) b = b < (i * 7) % 61 + 5 ? b : (i * 7) % 61 + 5;
#pragma omp target teams distribute parallel for reduction(acc : c) map(tofrom: c)
      for (int i = 0; i < 100; i++) c = c < (i * 3) % 50 + 9 ? c : (i * 3) % 50 + 9;
    }
    /* the middle block's min is gone: the max is visible again */
#pragma omp target teams distribute parallel for reduction(acc : d) map(tofrom: d)
    for (int i = 0; i < 100; i++) d = d > (i * 11) % 97 ? d : (i * 11) % 97;
  }
  /* after the block: the file-scope sums */
#pragma omp parallel for reduction(acc : x) num_threads(4)
  for (int i = 1; i <= 64; i++) x += i * 0.5;
  printf("max %d, min %d, target min %d, target max %d, sum %g, outer %d\n", a, b, c, d, x, outer(100));
  return 0;
}

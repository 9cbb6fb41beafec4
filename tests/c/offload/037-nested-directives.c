// KERNELS: 2
/* The same loops with target, teams, distribute, parallel for written as separate nested directives. */
#include <stdio.h>
#define N 500
int main(void) {
  static double a[N], b[N];
  for (int i = 0; i < N; i++) a[i] = i;
#pragma omp target map(to : a) map(from : b)
#pragma omp teams num_teams(4)
#pragma omp distribute
  for (int i = 0; i < N; i += 50) {
#pragma omp parallel for
    for (int j = i; j < i + 50; j++) b[j] = a[j] * a[j];
  }
  double s = 0;
#pragma omp target map(to : b) map(tofrom : s)
  {
#pragma omp teams reduction(+ : s)
    {
#pragma omp distribute parallel for reduction(+ : s)
      for (int i = 0; i < N; i++) s += b[i];
    }
  }
  printf("b[499]=%g s=%.6g\n", b[499], s);
  return 0;
}

// KERNELS: 6
/* Loop shapes the worksharing lowering must get right: descending, strided, <= bounds, unsigned
 * and 64-bit induction variables, a pointer iterator, and bounds known only at run time. */
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char **argv) {
  (void)argv;
  int n = 97 + argc; /* argc is 1: n = 98 */
  long long s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0;
#pragma omp target teams distribute parallel for reduction(+ : s1)
  for (int i = n; i > 0; i -= 3) s1 += i;
#pragma omp target teams distribute parallel for reduction(+ : s2)
  for (int i = -20; i <= n; i += 7) s2 += (long long)i * i;
#pragma omp target parallel for reduction(+ : s3)
  for (unsigned u = 4000000000u; u < 4000000100u; u++) s3 += u % 13;
#pragma omp target teams distribute parallel for reduction(+ : s4)
  for (long long k = 5000000000LL; k >= 4999999000LL; k -= 11) s4 += k % 1000;
  int *arr = malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) arr[i] = i * 3;
#pragma omp target parallel for reduction(+ : s5) map(to : arr[0:n])
  for (int *p = arr; p < arr + n; p++) s5 += *p;
  int lo = argc * 10, hi = argc * 10;
#pragma omp target teams distribute parallel for reduction(+ : s6)
  for (int i = lo; i < hi; i++) s6 += 1; /* no iterations */
  printf("%lld %lld %lld %lld %lld %lld\n", s1, s2, s3, s4, s5, s6);
  free(arr);
  return 0;
}

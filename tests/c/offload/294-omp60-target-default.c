// KERNELS: 10
// ORACLE: expected
// WHY: OpenMP 6.0's default clause on target (and target simd): gcc 12 and clang 19 refuse it
/* default(attribute[: category]) on a target construct acts as defaultmap(attribute: category)
 * (OpenMP 6.0 7.5.1): firstprivate gives the region a copy of every variable it references without
 * an attribute of its own, aggregates included, so the host never sees what the region writes;
 * private gives it an uninitialised copy; shared changes nothing (an array is mapped tofrom, as
 * without the clause). A variable in a map clause keeps its map, a declare target variable its
 * device copy (what one region writes the next one reads), and a category limits the clause to its
 * variables. File-scope variables are privatised like the others. */
#include <stdio.h>

int g = 7;
int dg = 1;
#pragma omp declare target to(dg)

int main(void) {
  int x = 3, a[4] = {1, 2, 3, 4}, b[4] = {0, 0, 0, 0}, seen = 0, *p = a;

#pragma omp target default(firstprivate) map(from: seen)
  {
    seen = x + a[0] + a[3] + g;
    x = 100, a[0] = 100, g = 100;
  }
  printf("default(firstprivate): seen %d (%d), host x %d a[0] %d g %d\n", seen, 3 + 1 + 4 + 7, x, a[0], g);

#pragma omp target default(firstprivate: aggregate) map(from: seen)
  {
    a[1] = 50;
    seen = a[1] + a[2];
  }
  printf("default(firstprivate: aggregate): seen %d, host a[1] %d\n", seen, a[1]);

#pragma omp target default(shared) map(from: seen)
  {
    a[1] = 50;
    seen = a[1] + x;
  }
  printf("default(shared): seen %d, host a[1] %d (mapped tofrom as without it)\n", seen, a[1]);
  a[1] = 2;

#pragma omp target default(private: aggregate) map(from: seen)
  {
    b[0] = x; /* b is an uninitialised copy, x is firstprivate as without the clause */
    b[1] = 2 * x;
    seen = b[0] + b[1];
  }
  printf("default(private: aggregate): seen %d, host b %d %d\n", seen, b[0], b[1]);

#pragma omp target default(firstprivate) map(tofrom: b)
  {
    b[2] = a[2] + x;
    a[2] = 0;
  }
  printf("default(firstprivate) with map(tofrom: b): b[2] %d, host a[2] %d\n", b[2], a[2]);

#pragma omp target default(firstprivate)
  dg = 42;
#pragma omp target default(firstprivate) map(from: seen)
  seen = dg;
  printf("declare target dg keeps its device copy: device %d, host %d\n", seen, dg);

  int sum = 0;
#pragma omp target simd default(firstprivate: pointer) reduction(+: sum) map(to: a)
  for (int i = 0; i < 4; i++) sum += a[i];
  int translated = 0;
#pragma omp target map(from: translated) map(tofrom: a)
  translated = p == a; /* without the clause p is translated to a's device copy */
#pragma omp target default(firstprivate: pointer) map(from: seen) map(tofrom: a)
  seen = p == a; /* with it p keeps the host's value, which is not the device copy's address */
  printf("target simd default(firstprivate: pointer): sum %d; p is a's device copy: %d without the clause, %d with it\n",
         sum, translated, seen);
  return 0;
}

// CHECK: 20:12: error: variable 'x' must have explicitly specified data sharing attributes, data mapping attributes, or in an is_device_ptr clause
// CHECK: 23:10: error: variable 'h' must have explicitly specified data sharing attributes, data mapping attributes, or in an is_device_ptr clause
// CHECK: 25:9: error: variable 'p' must have explicitly specified data sharing attributes, data mapping attributes, or in an is_device_ptr clause
// CHECK-ALL
// CLANG-CANNOT: OpenMP 6.0's default clause on target, which clang-19 refuses; the message is that of
// defaultmap(none), which the clause is equivalent to (newer clang's reading).
// default(none) on target: every variable the region references needs a data-sharing or mapping
// attribute, or is_device_ptr; a declare target variable has its device copy; with a category only
// that category's variables must be listed.
int g, h;
#pragma omp declare target to(g)
void f(int n, int *p) {
  int x = 1, a[4];
#pragma omp target default(none) map(tofrom: a) firstprivate(n)
  {
    a[0] = n + g;
  }
#pragma omp target default(none) map(tofrom: a)
  {
    a[0] = x;
  }
#pragma omp target default(none) map(a)
  a[1] = h;
#pragma omp target default(none: pointer) map(a)
  *a = *p + x;
}

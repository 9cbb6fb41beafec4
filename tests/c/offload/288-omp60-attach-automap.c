// KERNELS: 5
// ORACLE: expected
// WHY: gcc 12 and clang 19 know neither OpenMP 6.1's attach(always|auto|never) map modifier nor
// WHY: OpenMP 6.0's declare target enter(automap: ...) and ref_ptr/ref_ptee/ref_ptr_ptee modifiers
/* Pointer attachment. Mapping s.p[0:n] of a mapped struct s points the device copy of s.p at the
 * device copy of the array when the pointer or the array is new (attach(auto), the default);
 * attach(never) leaves the device pointer as it was (here the host address that the bitwise copy
 * of s brought); attach(always) attaches it even when neither is new, which repairs a device
 * pointer a region has overwritten. enter(automap: g) concerns Fortran allocatables: for a C
 * variable it is enter(g). ref_ptr, ref_ptee and ref_ptr_ptee select parts of referencing
 * variables (C++ references, Fortran pointers); a C list item maps as without them. */
#include <stdint.h>
#include <stdio.h>

#define N 8

struct S {
  int n;
  int *p;
};

int g[4] = {1, 2, 3, 4};
#pragma omp declare target enter(automap: g)

int main(void) {
  int a[N], b[N], c[N];
  for (int i = 0; i < N; i++) a[i] = b[i] = c[i] = i;
  uintptr_t host_a = (uintptr_t)a;
  struct S s = {N, a}, t = {N, b}, u = {N, c};

  /* attach(never): the device's s.p keeps the host address copied with s */
  int kept = -1;
#pragma omp target enter data map(to : s)
#pragma omp target enter data map(attach(never), to : s.p[0 : N])
#pragma omp target map(from : kept)
  kept = (uintptr_t)s.p == host_a;
#pragma omp target exit data map(release : s.p[0 : N]) map(release : s)
  int auto_kept = -1;
#pragma omp target enter data map(to : s)
#pragma omp target enter data map(attach(auto), to : s.p[0 : N])
#pragma omp target map(from : auto_kept)
  auto_kept = (uintptr_t)s.p == host_a;
#pragma omp target exit data map(release : s.p[0 : N]) map(release : s)
  printf("attach(never): device pointer still the host's %d; attach(auto): %d\n", kept, auto_kept);

  /* a region nulls the device pointers; mapping the arrays again attaches t.p (always) but not u.p (auto) */
  int t_ok = -1, u_ok = -1;
#pragma omp target enter data map(to : t, u) map(to : t.p[0 : N], u.p[0 : N])
#pragma omp target
  {
    t.p = 0;
    u.p = 0;
  }
#pragma omp target enter data map(attach(always), to : t.p[0 : N]) map(to : u.p[0 : N])
#pragma omp target map(from : t_ok, u_ok)
  {
    t_ok = t.p != 0 && t.p[3] == 3;
    u_ok = u.p != 0;
  }
#pragma omp target exit data map(release : t.p[0 : N], u.p[0 : N])
#pragma omp target exit data map(release : t.p[0 : N], u.p[0 : N]) map(release : t, u)
  printf("attach(always) reattached: %d; without it: %d\n", t_ok, u_ok);

  /* enter(automap: g): g is a declare target variable like enter(g) */
  int sum = 0;
  g[0] = 10;
#pragma omp target update to(g)
#pragma omp target map(tofrom : sum) map(ref_ptr_ptee, tofrom : a[0 : N])
  {
    for (int i = 0; i < 4; i++) sum += g[i];
    a[0] = 100;
  }
  printf("automap g: %d, a[0] %d\n", sum, a[0]);
  return 0;
}

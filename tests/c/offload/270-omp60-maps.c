// KERNELS: 8
// ORACLE: expected
// WHY: OpenMP 6.0 syntax: gcc 12 and clang 19 refuse the self and delete modifiers, the storage map
// WHY: type, a map type modifier without a map type, target_data with depend and nowait(expr)
/* OpenMP 6.0 maps: map(self: x) gives the region the original storage (the device address equals
 * the host address, and what the region writes is there at once); storage allocates without a
 * copy and map(delete, storage: ...) removes it; map(present: x) keeps the default type tofrom
 * (the mapping exists, so nothing is copied back until an update);
 * p[:] of a pointer refers to the storage mapped there; target_data (underscore spelling) waits
 * for its depend predecessors and for the tasks of its region; nowait(e) defers only when e holds;
 * a declare_target local variable keeps its device copy from region to region (its initializer
 * starts it), apart from the host's. */
#include <stdio.h>
#include <omp.h>
int visits = 7;
#pragma omp declare_target local(visits)
int main(void) {
  int dev = omp_get_default_device();
  int a[8], *pa = a, *seen = 0;
  for (int i = 0; i < 8; i++) a[i] = i;
#pragma omp target map(self: a) map(from: seen)
  {
    for (int i = 0; i < 8; i++) a[i] *= 2;
    seen = a;
  }
  printf("self: same storage %d, a[7] %d, present after %d\n", seen == pa, a[7], omp_target_is_present(a, dev));

  int b = 5;
#pragma omp target enter data map(storage: b)
  int there = omp_target_is_present(&b, dev);
#pragma omp target map(present: b)
  b = b * 0 + 42;
  printf("storage: present %d; still mapped, so the host's b stays %d\n", there, b);
#pragma omp target update from(b)
  printf("update from: b %d\n", b);
#pragma omp target exit data map(delete, storage: b)
  printf("delete, storage: present %d\n", omp_target_is_present(&b, dev));

  int c[16], *pc = c;
  for (int i = 0; i < 16; i++) c[i] = 0;
#pragma omp target_data map(tofrom: c[0:16])
  {
#pragma omp target map(pc[:])
    for (int i = 0; i < 16; i++) pc[i] = i + 1;
  }
  printf("assumed-size section: c[0] %d c[15] %d\n", c[0], c[15]);

  int x = 0;
#pragma omp parallel num_threads(2)
#pragma omp single
  {
#pragma omp task depend(out: x) shared(x)
    x = 10;
#pragma omp target_data map(tofrom: x) depend(inout: x)
    {
#pragma omp target map(tofrom: x) nowait
      x += 1;
    }
    printf("target_data after its predecessor and its tasks: x %d\n", x);
  }

  for (int deferred = 0; deferred < 2; deferred++) {
    int y = 1;
#pragma omp target nowait(deferred) map(tofrom: y)
    y *= 3;
    if (!deferred) printf("nowait(0): done at once, y %d\n", y);
#pragma omp taskwait
    if (deferred) printf("nowait(1): done at the taskwait, y %d\n", y);
  }
  int first = 0, second = 0;
  visits = 100;
#pragma omp target map(from: first)
  first = ++visits;
#pragma omp target map(from: second)
  second = ++visits;
  printf("declare_target local: device %d then %d, host %d\n", first, second, visits);
  return 0;
}

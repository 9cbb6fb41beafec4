// CHECK: 7:27: error: arguments of '#pragma omp threadprivate' must have static storage duration
// CHECK: 8:29: error: copyin variable must be threadprivate
#include <omp.h>
int g;
int main(void) {
  int local = 0;
#pragma omp threadprivate(local)
#pragma omp parallel copyin(g)
  local++;
  return local;
}

// ORACLE: expected
// KERNELS: 4
// WHY: clang 19 refuses the target_device selector set ("expected valid context selector in when clause") and gcc 12 has no metadirective (it runs every block as plain code, printing 1 2 3 4); the expected output is what OpenMP 5.1 §7.1 defines for an offload device (the jvm device and a GPU alike).
// target_device={...} in host code (OpenMP 5.1): the traits of the device a target construct there
// would use, asked of the runtime (the default device, or the set's device_num): an offload device
// is kind nohost and not host; device_num(omp_get_initial_device()) names the host. A variant that
// does not match leaves the default one, whose map(to:) brings nothing back.
#include <stdio.h>
#include <omp.h>

int main(void) {
  int a = -1, b = -1, c = -1, d = -1;
#pragma omp metadirective when(target_device = {kind(nohost)}: target map(from: a)) default(target map(to: a))
  { a = 1; }
#pragma omp metadirective when(target_device = {kind(host)}: target map(from: b)) default(target map(to: b))
  { b = 2; }
#pragma omp metadirective when(target_device = {device_num(omp_get_initial_device()), kind(host)}: target map(from: c)) \
    default(target map(to: c))
  { c = 3; }
#pragma omp metadirective when(target_device = {device_num(omp_get_initial_device()), kind(nohost)}: target map(from: d)) \
    default(target map(to: d))
  { d = 4; }
  printf("kind(nohost) %d, kind(host) %d, initial device: kind(host) %d, kind(nohost) %d\n", a, b, c, d);
  return 0;
}

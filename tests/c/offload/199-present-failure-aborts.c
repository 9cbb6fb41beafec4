// ORACLE: clang-offload
// STATUS: 134
// KERNELS: 1
/* A 'present' map of data the device does not hold stops the program as libomptarget does: its
   messages on stderr, then abort() (SIGABRT: exit status 134 through a shell), so nothing after
   the construct runs (what stdout's buffer holds then would be lost: the program flushes it).
   gcc 12 does not know 'present' and runs on. */
#include <stdio.h>
int main(void) {
  int a[4] = {1, 2, 3, 4}, s = 0;
  printf("before the regions\n");
#pragma omp target map(tofrom : a, s)
  for (int i = 0; i < 4; i++) s += a[i];
  printf("s = %d\n", s);
  fflush(stdout);
#pragma omp target map(present, tofrom : a)
  a[0] = 0;
  printf("not reached: a[0] = %d\n", a[0]);
  return 0;
}

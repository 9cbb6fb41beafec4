// lastprivate of a loop's own iteration variable: after the construct it holds the value a
// sequential run of the loop leaves in it (the first one failing the condition: 100 after
// i = 0; i < 100), not its value in the last iteration. for, loop, simd, parallel for simd,
// collapse(2) (the inner variable too), a step of 3 and a downward loop.
#include <stdio.h>

int main(void) {
  int a[100], b[10][6];
  int x = -1, y = -1;
#pragma omp parallel for lastprivate(x) num_threads(4)
  for (x = 0; x < 100; ++x) a[x] = x;
  printf("for: %d\n", x);

#pragma omp parallel num_threads(4)
  {
#pragma omp loop lastprivate(x)
    for (x = 0; x < 100; x += 3) a[x] = -x;
  }
  printf("loop step 3: %d\n", x);

#pragma omp parallel for lastprivate(x, y) collapse(2) num_threads(4)
  for (x = 0; x < 10; ++x)
    for (y = 0; y < 6; ++y) b[x][y] = x + y;
  printf("collapse(2): %d %d\n", x, y);

#pragma omp simd lastprivate(x)
  for (x = 99; x >= 7; x--) a[x] += 1;
  printf("simd down: %d\n", x);

#pragma omp parallel for simd lastprivate(x) num_threads(2)
  for (x = 5; x <= 50; x += 5) a[x] = 1;
  printf("parallel for simd: %d %d\n", x, a[50] + b[9][5]);
  return 0;
}

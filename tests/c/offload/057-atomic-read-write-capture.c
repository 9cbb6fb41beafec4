// KERNELS: 2
/* atomic capture hands out unique slots; atomic read and write on a shared flag. */
#include <stdio.h>
#define N 500
int main(void) {
  int next = 0, slots[N], flag = 0;
  for (int i = 0; i < N; i++) slots[i] = -1;
#pragma omp target teams distribute parallel for map(tofrom : next, slots, flag)
  for (int i = 0; i < N; i++) {
    int mine;
#pragma omp atomic capture
    mine = next++;
    slots[mine] = i;
    if (i == N - 1) {
#pragma omp atomic write
      flag = 1;
    }
  }
  int seen[N] = {0}, dup = 0, got = 0, after = 0, old = 0;
  for (int i = 0; i < N; i++) { if (seen[slots[i]]++) dup++; }
#pragma omp target map(tofrom : flag, got, after, old)
  {
#pragma omp atomic read
    got = flag;
#pragma omp atomic capture
    { old = flag; flag += 10; }
#pragma omp atomic capture
    after = flag *= 2;
  }
  printf("next=%d duplicates=%d got=%d old=%d after=%d flag=%d\n", next, dup, got, old, after, flag);
  return 0;
}

// KERNELS: 1
/* barrier in a device parallel region: every thread writes its slot, then reads its neighbour's. */
#include <stdio.h>
#include <omp.h>
int main(void) {
  int slot[64], wrong = 0, threads = 0;
  for (int i = 0; i < 64; i++) slot[i] = 0;
#pragma omp target parallel num_threads(8) map(tofrom : slot, wrong, threads)
  {
    int t = omp_get_thread_num(), n = omp_get_num_threads();
    slot[t] = t + 1;
#pragma omp barrier
    int nb = (t + 1) % n;
    if (slot[nb] != nb + 1) {
#pragma omp atomic
      wrong++;
    }
#pragma omp barrier
#pragma omp single
    threads = n;
  }
  int filled = 0;
  for (int i = 0; i < 64; i++) filled += slot[i] != 0;
  printf("wrong=%d all slots of the team filled: %d\n", wrong, filled == threads);
  return 0;
}

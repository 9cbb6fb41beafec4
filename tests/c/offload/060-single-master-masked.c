// KERNELS: 2
/* single, master and masked each run their block once per team of threads. */
#include <stdio.h>
#include <omp.h>
int main(void) {
  int singles = 0, masters = 0, maskeds = 0, master_id = -1, all = 0;
#pragma omp target parallel map(tofrom : singles, masters, maskeds, master_id, all)
  {
#pragma omp single
    singles++;
#pragma omp master
    { masters++; master_id = omp_get_thread_num(); }
#pragma omp masked
    maskeds++;
#pragma omp atomic
    all++;
  }
  int copied = 0;
#pragma omp target parallel map(tofrom : copied)
  {
    int v = 0;
#pragma omp single copyprivate(v)
    v = 17;
#pragma omp atomic
    copied += v == 17 ? 0 : 1;
  }
  printf("single=%d master=%d masked=%d master thread=%d everyone=%d copyprivate wrong=%d\n",
         singles, masters, maskeds, master_id, all >= 1, copied);
  return 0;
}

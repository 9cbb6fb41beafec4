// KERNELS: 1
/* Every reduction operator on int in one target teams distribute parallel for. */
#include <stdio.h>
#define N 1000
int main(void) {
  int sum = 0, prod = 1, diff = 0, mn = 1 << 30, mx = -(1 << 30), land = 1, lor = 0, band = -1, bor = 0, bxor = 0;
#pragma omp target teams distribute parallel for reduction(+ : sum) reduction(* : prod) reduction(- : diff) \
    reduction(min : mn) reduction(max : mx) reduction(&& : land) reduction(|| : lor) reduction(& : band)     \
    reduction(| : bor) reduction(^ : bxor)
  for (int i = 0; i < N; i++) {
    sum += i;
    if (i % 100 == 7) prod *= 2;
    diff -= i % 10;
    int v = (i * 37) % 1009 - 500;
    if (v < mn) mn = v;
    if (v > mx) mx = v;
    land = land && (i < 2000);
    lor = lor || (i == 777);
    band &= ~(1 << (i % 8)) | (i % 9 == 0 ? 0 : 0xff);
    bor |= 1 << (i % 13);
    bxor ^= i * 2654435761u % 65536;
  }
  printf("sum=%d prod=%d diff=%d min=%d max=%d and=%d or=%d band=%d bor=%d xor=%d\n",
         sum, prod, diff, mn, mx, land, lor, band, bor, bxor);
  return 0;
}

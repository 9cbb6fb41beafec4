// KERNELS: 3
/* omp atomic on the device under contention: update, capture, compare (OpenMP 5.1) and compare
 * capture with memory-order clauses on char, short, int, unsigned, long, float and double; updates
 * with no single instruction (*=, min/max on doubles, char and short); flush; and reductions whose
 * combination is atomic (scalars, an array section, min/max on unsigned and signed types). */
#include <stdio.h>
#define N 8192
int main(void) {
  int hist[16] = {0}, tickets[N] = {0}, cnt = 0, imin = 1 << 30, flag = 0, claimed = 0;
  long lsum = 0, lprod = 1; unsigned umax = 0, bits = 0; short sh = 0; char c = 0;
  float fsum = 0; double dsum = 0, dmax = -1;
  #pragma omp target teams distribute parallel for map(tofrom: hist, tickets, cnt, imin, flag, claimed, lsum, lprod, umax, bits, sh, c, fsum, dsum, dmax)
  for (int i = 0; i < N; i++) {
    #pragma omp atomic
    hist[i % 16]++;
    #pragma omp atomic update relaxed
    lsum += i;
    #pragma omp atomic seq_cst
    dsum += 0.5;
    #pragma omp atomic release
    fsum -= 0.25f;
    #pragma omp atomic
    sh += 1;
    #pragma omp atomic
    c ^= (char)(i & 1);
    #pragma omp atomic
    bits |= 1u << (i % 32);
    #pragma omp atomic compare
    if (umax < (unsigned)i) { umax = (unsigned)i; }
    #pragma omp atomic compare acq_rel
    imin = i - 7 < imin ? i - 7 : imin;
    #pragma omp atomic compare
    dmax = dmax < (double)i ? (double)i : dmax;
    int v;
    #pragma omp atomic capture seq_cst
    v = cnt++;
    tickets[v] += 1;
    int old;
    #pragma omp atomic compare capture
    { old = flag; if (flag == 0) { flag = i + 1; } }
    if (old == 0) {
      #pragma omp atomic
      claimed++;
    }
    if (i % 2048 == 0) {
      #pragma omp atomic
      lprod *= 3;
    }
    #pragma omp flush
  }
  int once = 1;
  for (int i = 0; i < N; i++) once &= tickets[i] == 1;
  printf("hist:");
  for (int i = 0; i < 16; i++) printf(" %d", hist[i]);
  printf("\nlsum=%ld dsum=%.1f fsum=%.2f sh=%d c=%d bits=%x umax=%u imin=%d dmax=%g\n", lsum, dsum, fsum, sh, c, bits, umax, imin, dmax);
  printf("cnt=%d once=%d claimed=%d flag_set=%d lprod=%ld\n", cnt, once, claimed, flag != 0, lprod);

  long rsum = 0; double dr = 0; int rmin = 1 << 30, rmax = -1, sec[4] = {0, 0, 0, 0}; unsigned urmax = 0; short smin = 32767;
  #pragma omp target teams distribute parallel for reduction(+:rsum, dr, sec[0:4]) reduction(min:rmin, smin) reduction(max:rmax, urmax)
  for (int i = 1; i <= 5000; i++) {
    rsum += i; dr += 0.25; sec[i % 4] += i;
    rmin = i < rmin ? i : rmin; rmax = i > rmax ? i : rmax;
    urmax = (unsigned)(i * 7 % 4099) > urmax ? (unsigned)(i * 7 % 4099) : urmax;
    smin = (short)(i % 300 + 5) < smin ? (short)(i % 300 + 5) : smin;
  }
  printf("reductions: %ld %.2f %d %d %u %d %d %d %d %d\n", rsum, dr, rmin, rmax, urmax, smin, sec[0], sec[1], sec[2], sec[3]);

  int x = 0, seen = 0;
  #pragma omp target map(tofrom: x, seen)
  {
    #pragma omp atomic write seq_cst
    x = 5;
    #pragma omp atomic read acquire
    seen = x;
  }
  printf("write/read: %d %d\n", x, seen);
  return 0;
}

/* omp atomic under contention (8 threads): every kind (read, write, update, capture, compare and
 * compare capture, OpenMP 5.1) with every memory-order clause, on char, short, int, unsigned, long,
 * float, double and pointers; updates without one instruction (*=, /=, <<=, min/max on doubles),
 * flush with and without clauses, a spin-wait on an acquire read, reductions of all built-in
 * operators on scalars and array sections. Results are exact whatever the interleaving. */
#include <stdio.h>
#include <omp.h>
#define N 4096
int main(void) {
  int hist[16] = {0}, tickets[N] = {0}, cnt = 0, imin = 1 << 30, flag = 0, winner = -1, ready = 0, data = 0;
  long lsum = 0, lprod = 1; unsigned umax = 0, bits = 0; short sh = 0; char c = 0, cmax = -128;
  float fsum = 0; double dsum = 0, dmax = -1, dmin = 1e300, scale = 1024.0;
  int arr[8]; int *ptr = &arr[0]; long shifted = 1;
  #pragma omp parallel num_threads(8)
  {
    int me = omp_get_thread_num();
    #pragma omp for
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
      sh = sh + 1;
      #pragma omp atomic
      c ^= (char)(i & 1);
      #pragma omp atomic
      bits |= 1u << (i % 32);
      #pragma omp atomic compare
      if (umax < (unsigned)i) { umax = (unsigned)i; }
      #pragma omp atomic compare acq_rel
      imin = i - 7 < imin ? i - 7 : imin;
      char c2 = (char)(i % 100);
      #pragma omp atomic compare
      cmax = cmax < c2 ? c2 : cmax;
      #pragma omp atomic compare
      dmax = dmax < (double)i ? (double)i : dmax;
      #pragma omp atomic compare
      if ((double)i * 0.5 < dmin) { dmin = (double)i * 0.5; }
      int v;
      #pragma omp atomic capture seq_cst
      v = cnt++;
      tickets[v] += 1;
      int old;
      #pragma omp atomic compare capture
      { old = flag; if (flag == 0) { flag = i + 1; } }
      if (old == 0) winner = 1;
      if (i % 1024 == 0) {
        #pragma omp atomic
        lprod *= 3;
        #pragma omp atomic
        scale /= 2.0;
        #pragma omp atomic
        shifted <<= 2;
      }
    }
    /* a message passed with release/acquire: thread 0 writes data, then the flag */
    if (me == 0) {
      data = 42;
      #pragma omp atomic write release
      ready = 1;
    }
    int seen = 0;
    while (!seen) {
      #pragma omp atomic read acquire
      seen = ready;
    }
    #pragma omp flush acquire
    if (data != 42) printf("thread saw ready without data\n");
    #pragma omp flush
  }
  int once = 1;
  for (int i = 0; i < N; i++) once &= tickets[i] == 1;
  int *q, *prev;
  #pragma omp atomic capture
  { prev = ptr; ptr = &arr[3]; }
  #pragma omp atomic read
  q = ptr;
  printf("hist:");
  for (int i = 0; i < 16; i++) printf(" %d", hist[i]);
  printf("\nlsum=%ld dsum=%.1f fsum=%.2f sh=%d c=%d bits=%x umax=%u imin=%d cmax=%d\n", lsum, dsum, fsum, sh, c, bits, umax, imin, cmax);
  printf("dmax=%g dmin=%g cnt=%d once=%d winner=%d flag_set=%d lprod=%ld scale=%g shifted=%ld\n",
         dmax, dmin, cnt, once, winner, flag != 0, lprod, scale, shifted);
  printf("ptr: prev=%d now=%d\n", (int)(prev - arr), (int)(q - arr));

  long rsum = 0, rprod = 1; int rmin = 1 << 30, rmax = -1, rand_ = -1, ror = 0, rxor = 0, rland = 1, rlor = 0;
  double dr = 0; float fr = 0; unsigned char ucmax = 0; short smin = 32767; int sec[4] = {0, 0, 0, 0};
  #pragma omp parallel for num_threads(8) reduction(+:rsum, dr, fr, sec[0:4]) reduction(*:rprod) reduction(min:rmin, smin) \
      reduction(max:rmax, ucmax) reduction(&:rand_) reduction(|:ror) reduction(^:rxor) reduction(&&:rland) reduction(||:rlor)
  for (int i = 1; i <= 2000; i++) {
    rsum += i; dr += 0.25; fr += 0.5f; sec[i % 4] += i;
    if (i % 500 == 0) rprod *= 2;
    rmin = i < rmin ? i : rmin; rmax = i > rmax ? i : rmax;
    smin = (short)(i % 300) < smin ? (short)(i % 300) : smin;
    ucmax = (unsigned char)(i % 250) > ucmax ? (unsigned char)(i % 250) : ucmax;
    rand_ &= ~(1 << (i % 8)) | 0xff00; ror |= 1 << (i % 20); rxor ^= i;
    rland = rland && i > 0; rlor = rlor || i == 1999;
  }
  printf("reductions: %ld %ld %d %d %x %x %d %d %d %.2f %.1f %d %u %d %d %d %d\n", rsum, rprod, rmin, rmax, rand_, ror, rxor,
         rland, rlor, dr, fr, smin, ucmax, sec[0], sec[1], sec[2], sec[3]);
  return 0;
}

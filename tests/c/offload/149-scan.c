// KERNELS: 1
// scan: prefix sums with reduction(inscan) in parallel for (inclusive and exclusive, several
// variables, max), in simd, and in a target region. Each iteration sees the combination of
// the input phases before it (and, inclusive, its own); the variables end with the total.
#include <stdio.h>
#define N 1000
int main(void) {
  static int a[N], incl[N], excl[N], mx[N], dev[N];
  for (int i = 0; i < N; i++) a[i] = (i * 37) % 101 - 50;
  int s = 0, e = 0, m = -1000;
  long cnt = 0;
  #pragma omp parallel for reduction(inscan, +: s, cnt) reduction(inscan, max: m) num_threads(4)
  for (int i = 0; i < N; i++) {
    s += a[i];
    cnt += a[i] > 0;
    m = a[i] > m ? a[i] : m;
    #pragma omp scan inclusive(s, cnt, m)
    incl[i] = s * 1000 + (int) cnt;
    mx[i] = m;
  }
  #pragma omp parallel for simd reduction(inscan, +: e)
  for (int i = 0; i < N; i++) {
    excl[i] = e;
    #pragma omp scan exclusive(e)
    e += a[i];
  }
  int t = 0;
  #pragma omp simd reduction(inscan, +: t)
  for (int i = 0; i < N; i++) {
    t += 2 * a[i];
    #pragma omp scan inclusive(t)
    dev[i] = t;
  }
  long chk = 0;
  for (int i = 0; i < N; i++) chk += (long) incl[i] * (i + 1) + (long) excl[i] * 3 + mx[i] + dev[i];
  printf("s %d cnt %ld m %d e %d t %d; incl[500] %d excl[500] %d mx[10] %d; checksum %ld\n", s, cnt, m, e, t, incl[500], excl[500], mx[10], chk);
  int d = 0;
  #pragma omp target map(to: a) map(from: dev) map(tofrom: d)
  #pragma omp parallel for reduction(inscan, +: d) num_threads(4)
  for (int i = 0; i < N; i++) {
    d += a[i] * a[i];
    #pragma omp scan inclusive(d)
    dev[i] = d;
  }
  long dchk = 0;
  for (int i = 0; i < N; i++) dchk += dev[i] % 1000;
  printf("device: d %d dev[N-1] %d checksum %ld\n", d, dev[N - 1], dchk);
  return 0;
}

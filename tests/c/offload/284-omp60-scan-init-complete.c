// KERNELS: 1
// ORACLE: expected
// WHY: OpenMP 6.0 syntax: gcc 12 and clang 19 do not know init_complete on scan; the expected
// WHY: output is the program's own run without OpenMP (gcc, pragmas ignored): the loops then run
// WHY: in order, which an exclusive scan's phases must reproduce
/* scan init_complete (OpenMP 6.0 §7.7, §7.7.3): the statements before it are the initialization
 * phase, which sets private variables for the input phase of the same iteration; the scan phase
 * between the two directives sees the prefix of the earlier iterations (exclusive). The same array
 * serves as input and output (the OpenMP examples' scan.3). On parallel for, for simd and simd,
 * in a target region, with init_complete(1) and with init_complete(0), which makes no
 * initialization phase (its statements belong to the scan phase). */
#include <stdio.h>

enum { N = 100 };

int main(void) {
  int c[N], tmp, x = 0;
  for (int k = 0; k < N; k++) c[k] = k + 1;
#pragma omp parallel for reduction(inscan, + : x) private(tmp) num_threads(4)
  for (int k = 0; k < N; k++) {
    tmp = c[k];
#pragma omp scan init_complete
    c[k] = x;
#pragma omp scan exclusive(x)
    x += tmp;
  }
  printf("parallel for: x %d, c %d %d %d %d\n", x, c[0], c[1], c[2], c[N - 1]);

  long d[N], y = 1000, t;
  for (int k = 0; k < N; k++) d[k] = (k % 7) - 3;
#pragma omp parallel for simd reduction(inscan, + : y) private(t)
  for (int k = 0; k < N; k++) {
    t = d[k] * d[k];
#pragma omp scan init_complete(1)
    d[k] = y;
#pragma omp scan exclusive(y)
    y += t;
  }
  printf("parallel for simd: y %ld, d %ld %ld %ld\n", y, d[0], d[1], d[N - 1]);

  double e[N], z = 0;
  for (int k = 0; k < N; k++) e[k] = 0.5 * k;
#pragma omp simd reduction(inscan, + : z)
  for (int k = 0; k < N; k++) {
    double w = e[k] + 1;
#pragma omp scan init_complete
    e[k] = z;
#pragma omp scan exclusive(z)
    z += w;
  }
  printf("simd: z %g, e %g %g %g\n", z, e[0], e[1], e[N - 1]);

  int f[N], g[N], m = 0;
  for (int k = 0; k < N; k++) f[k] = k % 3;
#pragma omp target teams map(tofrom: f, g, m) num_teams(1)
#pragma omp parallel for reduction(inscan, + : m) num_threads(8)
  for (int k = 0; k < N; k++) {
    int sq = f[k] * f[k];
#pragma omp scan init_complete
    g[k] = m;
#pragma omp scan exclusive(m)
    m += sq;
  }
  printf("target: m %d, g %d %d %d\n", m, g[1], g[50], g[N - 1]);

  int h[N], s = 0, u;
  for (int k = 0; k < N; k++) h[k] = k;
#pragma omp parallel for reduction(inscan, + : s) private(u) num_threads(3)
  for (int k = 0; k < N; k++) {
    u = 2 * k; /* init_complete(0): this is part of the scan phase */
#pragma omp scan init_complete(0)
    h[k] = s + u;
#pragma omp scan exclusive(s)
    s += k;
  }
  printf("init_complete(0): s %d, h %d %d %d\n", s, h[0], h[1], h[N - 1]);
  return 0;
}

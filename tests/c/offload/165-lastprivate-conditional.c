// KERNELS: 8
// ORACLE: expected
// WHY: gcc 12 drops the assignments whose value a function call gives (y=-2) and keeps a construct's record from one run to the next in one region; clang 19 leaves the target regions' variables unassigned (-1), writes garbage into a variable no iteration assigns and loses y in some runs; the expected output is that of this file built by gcc without -fopenmp (the sequential run the clause is defined by).
// lastprivate(conditional: x) (OpenMP 5.0): x gets the value of the sequentially last iteration
// that assigned it, not the last iteration's (which does not assign it here); on for, simd, sections,
// for simd and parallel for, on the host and in target regions (also an orphaned for in a
// target region's parallel region), each construct run more than once (the shared state starts over) and with two
// conditional variables at once. (loop takes only loop iteration variables in lastprivate, and
// distribute no conditional modifier: OpenMP 5.2, as clang and gcc check.)
#include <stdio.h>

static int pick(int i, int n) { return (i * 7) % n; }

int main(void) {
  enum { N = 1000 };
  int a[N];
  for (int i = 0; i < N; i++) a[i] = (i * 37) % 101;

  for (int rep = 0; rep < 2; rep++) {
    int x = -1, y = -2;
    #pragma omp parallel for lastprivate(conditional: x) num_threads(4)
    for (int i = 0; i < N; i++)
      if (a[i] > 90 - rep * 40) x = i * 10 + rep;
    #pragma omp parallel for schedule(dynamic, 3) lastprivate(conditional: y) num_threads(4)
    for (int i = 0; i < N; i++)
      if (pick(i, N) < 20) y = pick(i, N);
    printf("host for rep %d: x=%d y=%d\n", rep, x, y);
  }

  int s = 5, t = 6;
  #pragma omp simd lastprivate(conditional: s)
  for (int i = 0; i < N; i++)
    if (a[i] == 50) s = i;
  #pragma omp parallel num_threads(3)
  {
    #pragma omp for simd lastprivate(conditional: t)
    for (int i = 0; i < N; i++)
      if (a[i] < 3) t = a[i] + i;
  }
  printf("simd s=%d for simd t=%d\n", s, t);

  int u = 0, v = 0, never = 77;
  #pragma omp parallel num_threads(4)
  {
    #pragma omp for lastprivate(conditional: u) nowait
    for (int i = 0; i < N; i++)
      if (i % 97 == 5) u = i / 2;
  }
  #pragma omp parallel for lastprivate(conditional: v, never) num_threads(4)
  for (int i = 0; i < N; i++) {
    if (i % 13 == 0) v = i;
    if (i < 0) never = i;
  }
  printf("nowait u=%d two v=%d never=%d\n", u, v, never);

  // one region running the same orphaned for twice: the second run's record starts over
  // (gcc 12 keeps the first run's last iteration, later than the second's, and loses the second's value)
  int q = -1, q1 = -1;
  #pragma omp parallel num_threads(4)
  for (int rep = 0; rep < 2; rep++) {
    #pragma omp for lastprivate(conditional: q) schedule(guided)
    for (int i = 0; i < N; i++)
      if (a[i] == 50 - rep * 7 && i < 1000 - rep * 400) q = i + rep * 10000;
    #pragma omp single
    if (rep == 0) q1 = q;
  }
  printf("one region, twice: %d %d\n", q1, q);

  for (int rep = 0; rep < 2; rep++) {
    int w = 0;
    #pragma omp parallel sections lastprivate(conditional: w) num_threads(3)
    {
      #pragma omp section
      w = 10 + rep;
      #pragma omp section
      { if (rep == 0) w = 20; }
      #pragma omp section
      { int z = rep * 3; if (z > 5) w = 30; }
    }
    printf("sections rep %d: w=%d\n", rep, w);
  }

  for (int rep = 0; rep < 2; rep++) {
    int d = -1, e = -1, g = -1, h = -1;
    #pragma omp target parallel for simd lastprivate(conditional: d) map(to: a)
    for (int i = 0; i < N; i++)
      if (a[i] % 10 == rep) d = i;
    #pragma omp target parallel for lastprivate(conditional: e) map(to: a)
    for (int i = 0; i < N; i++)
      if (a[i] > 97 - rep) e = a[i] * 1000 + i;
    #pragma omp target simd lastprivate(conditional: g) map(to: a)
    for (int i = 0; i < N; i++)
      if (a[i] == 11 + rep) g = i;
    #pragma omp target map(to: a) map(tofrom: h)
    #pragma omp parallel num_threads(2)
    #pragma omp for lastprivate(conditional: h) schedule(static, 7)
    for (int i = 0; i < N; i++)
      if (i < 500 && a[i] > 95) h = i;
    printf("target rep %d: d=%d e=%d g=%d h=%d\n", rep, d, e, g, h);
  }
  return 0;
}

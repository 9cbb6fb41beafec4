// KERNELS: 1
// ORACLE: expected
// WHY: OpenMP 6.0's apply clause and stripe: gcc 12 and clang 19 implement neither
/* A loop construct collapsing generated loops whose trip counts depend on each other (OpenMP
 * 6.0 allows any generated loops of the nest): a grid loop and its intratile loop when the last
 * tile is partial, a stripe's offset and grid loops. The collapsed space holds every iteration
 * once; with `ordered` the iterations run in the order of the generated loops, which plain loops
 * written here compute (the specification's order). Each case also checks that every original
 * iteration ran exactly once. Then the same under a combined construct on the device. */
#include <stdio.h>

/* clang 19 has no apply clause: it drops it, collapses its own two tile loops and warns on the
 * comparison in the loops it generated (-Wsign-compare at the loop's declaration), not on code
 * written here */
#pragma GCC diagnostic ignored "-Wsign-compare"

#define MAX 256
static int got[MAX], want[MAX], seen[MAX];
static int ng, nw;

static int min(int a, int b) { return a < b ? a : b; }

static void report(const char *what, int n) {
  int same = ng == nw, once = 1;
  long sum = 0;
  for (int k = 0; k < ng && k < nw; k++) {
    if (got[k] != want[k]) same = 0;
    sum += (long)got[k] * (k + 1);
  }
  for (int k = 0; k < n; k++) {
    if (seen[k] != 1) once = 0;
    seen[k] = 0;
  }
  printf("%s: %s, %s (%d iterations, checksum %ld)\n", what, same ? "same order" : "DIFFERENT",
         once ? "each once" : "NOT EACH ONCE", ng, sum);
  if (!same) {
    for (int k = 0; k < ng; k++) printf(" %d", got[k]);
    printf("\n");
    for (int k = 0; k < nw; k++) printf(" %d", want[k]);
    printf("\n");
  }
  ng = nw = 0;
}

int main(void) {
  /* grid loop reversed and intratile loop collapsed: the tiles last first, each in order */
#pragma omp parallel for collapse(2) ordered num_threads(3) schedule(static, 1)
#pragma omp tile sizes(4) apply(grid: reverse)
  for (int i = 0; i < 10; i++) {
#pragma omp ordered
    got[ng++] = i;
    seen[i]++;
  }
  for (int g = 2; g >= 0; g--)
    for (int i = 4 * g; i < min(4 * g + 4, 10); i++) want[nw++] = i;
  report("for collapse(2) ordered over tile sizes(4) apply(grid: reverse)", 10);

  /* a stripe's offset loop and its grid loop (reversed) collapsed */
#pragma omp parallel for collapse(2) ordered num_threads(2) schedule(dynamic)
#pragma omp stripe sizes(3) apply(grid: reverse)
  for (int i = 0; i < 10; i++) {
#pragma omp ordered
    got[ng++] = i;
    seen[i]++;
  }
  for (int o = 0; o < 3; o++) {
    int last = o + 3 * ((10 - 1 - o) / 3);
    for (int i = last; i >= o; i -= 3) want[nw++] = i;
  }
  report("for collapse(2) ordered over stripe sizes(3) apply(grid: reverse)", 10);

  /* the four loops of a 2 x 3 tile with interchanged grid loops: each element loop depends on
     its grid loop (one ordered region per collapsed iteration) */
#pragma omp parallel for collapse(4) ordered num_threads(4) schedule(static, 2)
#pragma omp tile sizes(2, 3) apply(grid: interchange)
  for (int i = 0; i < 5; i++)
    for (int j = 0; j < 7; j++) {
#pragma omp ordered
      got[ng++] = 10 * i + j;
      seen[10 * i + j]++;
    }
  for (int gj = 0; gj < 3; gj++)
    for (int gi = 0; gi < 3; gi++)
      for (int i = 2 * gi; i < min(2 * gi + 2, 5); i++)
        for (int j = 3 * gj; j < min(3 * gj + 3, 7); j++) want[nw++] = 10 * i + j;
  for (int k = 0; k < 47; k++)
    if (k % 10 >= 7) seen[k] = 1; /* no such iteration */
  report("for collapse(4) ordered over tile sizes(2, 3) apply(grid: interchange)", 47);

  /* a reduction and a taskloop over the same kind of collapse: every iteration once */
  long sum = 0;
#pragma omp parallel for collapse(2) reduction(+: sum) num_threads(3) schedule(guided)
#pragma omp tile sizes(3) apply(intratile: reverse)
  for (int i = 0; i < 11; i++) {
    sum += i;
#pragma omp atomic
    seen[i]++;
  }
  printf("reduction over tile sizes(3) apply(intratile: reverse): sum %ld\n", sum);
  report("reduction over tile sizes(3) apply(intratile: reverse)", 11);
#pragma omp parallel num_threads(3)
#pragma omp single
#pragma omp taskloop collapse(2) grainsize(2)
#pragma omp tile sizes(4) apply(grid: reverse)
  for (int i = 0; i < 13; i++) {
#pragma omp atomic
    seen[i]++;
  }
  report("taskloop collapse(2) over tile sizes(4) apply(grid: reverse)", 13);

  /* on the device: teams share the collapsed space; every iteration once */
  int dev[MAX] = {0};
#pragma omp target teams distribute parallel for collapse(2) map(tofrom: dev) num_teams(2)
#pragma omp tile sizes(4) apply(grid: reverse)
  for (int i = 0; i < 23; i++) {
#pragma omp atomic
    dev[i]++;
  }
  for (int k = 0; k < 23; k++) seen[k] = dev[k];
  report("target teams distribute parallel for collapse(2) over tile sizes(4) apply(grid: reverse)", 23);
  return 0;
}

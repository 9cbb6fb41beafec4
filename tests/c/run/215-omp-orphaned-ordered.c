/* An ordered region in a function called from a loop with the ordered clause (an orphaned ordered
   construct, OpenMP 5.2 §15.10.2: it binds to the loop region the call runs in, dynamically):
   iterations pass it in their order whatever the schedule, though earlier iterations work longer
   before reaching it. The same function called outside any ordered loop runs its region at once. */
#include <stdio.h>
#include <omp.h>

#define N 24
static int order[N], count;
static volatile long sink;

static void record(int i) {
  #pragma omp ordered
  order[count++] = i;
}

static void work(int units) {
  for (long k = 0; k < units * 20000L; k++) sink += k;
}

static void check(const char *schedule) {
  int ok = count == N;
  for (int i = 0; ok && i < N; i++) ok = order[i] == i;
  printf("%s: %s (%d recorded, first %d, last %d)\n", schedule, ok ? "in order" : "OUT OF ORDER", count, order[0], order[count - 1]);
  count = 0;
}

int main(void) {
  #pragma omp parallel for ordered schedule(dynamic, 1) num_threads(4)
  for (int i = 0; i < N; i++) {
    work(N - i);
    record(i);
  }
  check("dynamic,1");
  #pragma omp parallel for ordered schedule(static, 3) num_threads(4)
  for (int i = 0; i < N; i++) {
    work((N - i) % 5);
    record(i);
  }
  check("static,3");
  #pragma omp parallel num_threads(3)
  {
    #pragma omp for ordered schedule(guided)
    for (int i = 0; i < N; i++) {
      work(i % 3 == 0 ? 4 : 1);
      if (i % 2 == 0) record(i);   /* iterations that skip the region still keep their place */
      else {
        #pragma omp ordered
        order[count++] = i;
      }
    }
  }
  check("guided, mixed");
  record(7);   /* no loop around it: just runs */
  printf("outside a loop: %d %d\n", count, order[0]);
  return 0;
}

// KERNELS: 2
/* Many teams of many threads (the jvm device runs wide teams' threads on virtual threads): every
   thread of a team writes its slot, meets the others at a barrier, then reads its neighbour's;
   nobody may read before everybody wrote, whatever the number of teams and threads. A combined
   construct of the same shape sums a series. */
#include <omp.h>
#include <stdio.h>
enum { TEAMS = 64, LIMIT = 256 };
int main(void) {
  static int slot[TEAMS][LIMIT];
  long missed = 0, members = 0;
#pragma omp target teams num_teams(TEAMS) thread_limit(LIMIT) map(tofrom : slot, missed, members)
#pragma omp parallel reduction(+ : missed, members)
  {
    int t = omp_get_team_num() % TEAMS, me = omp_get_thread_num(), n = omp_get_num_threads();
    for (int round = 1; round <= 3; round++) {
      slot[t][me] = round * 1000 + me;
#pragma omp barrier
      missed += slot[t][(me + 1) % n] != round * 1000 + (me + 1) % n;
#pragma omp barrier
    }
    members += 1;
  }
  long sum = 0;
#pragma omp target teams distribute parallel for num_teams(TEAMS) thread_limit(LIMIT) reduction(+ : sum)
  for (long i = 0; i < 1000000; i++) sum += i % 7;
  printf("reads before writes: %ld; every thread counted: %s; sum %ld\n", missed, members > 0 ? "yes" : "no", sum);
  return 0;
}

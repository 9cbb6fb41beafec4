// KERNELS: 2
// ORACLE: gcc
// OMPT: expected
// WHY: clang-19's libomp runs each team of a host-offloaded kernel in a parallel region of its own
// and then can form no team for the parallel loop inside ("Cannot form a team"); OpenMP 5.2
// §19.5 has a league of initial tasks, each running the parallel region it meets.
// 262-ompt-target-teams.ompt is that sequence for the jvm device, whose kernels run on the
// host's OpenMP runtime as libomptarget's host plugin's do, so the tool sees their teams and
// threads: the league's parallel_begin in the task that encounters the target region, each team's
// initial task and barrier, distribute, the parallel loop of each team; and the target region
// around them (OmptTest compares the tool's trace under jomp with it; on a GPU the tool sees the
// target region alone).
#include <stdio.h>

int main(void) {
    long sum = 0, squares = 0;
    #pragma omp target teams distribute parallel for num_teams(2) thread_limit(2) reduction(+: sum) map(tofrom: sum)
    for (int i = 0; i < 64; i++) sum += i;
    #pragma omp target teams num_teams(3) map(tofrom: squares) reduction(+: squares)
    {
        #pragma omp distribute
        for (int i = 0; i < 9; i++) squares += (long) i * i;
    }
    printf("sum %ld squares %ld\n", sum, squares);
    return 0;
}

// OMPT: expected
// WHY: clang-19's libomp runs each host team in a parallel region of its own (one more
// parallel_begin per team than OpenMP's league of initial tasks has), cannot compile scope, reports
// an untied task's run as more switches than it has, never sets ompt_task_mergeable and reports
// depend(out:) as inout; 034-ompt-teams-scope.ompt is the sequence OpenMP 5.2 §19.5 states, which
// OmptTest compares with what the tool of tests/c/run/support/225-ompt-trace.c writes under jomp.
// The host callbacks of a league (parallel_begin with ompt_parallel_league, each team's initial
// task, the teams barrier, distribute with and without dist_schedule, a parallel region in each
// team), of a scope construct, of untied, mergeable and detached tasks (fulfilled by their body,
// and after it), and of dependences of each type gcc 12 knows. Without a tool the program's output is gcc's.
#include <stdio.h>
#include <omp.h>

int main(void) {
    long block = 0, chunked = 0, inner = 0, scoped = 0;
    int detached = 0, untied = 0, late = 0;
    #pragma omp teams num_teams(3) reduction(+: block, chunked, inner)
    {
        #pragma omp distribute
        for (int i = 0; i < 30; i++) block += i;
        #pragma omp distribute dist_schedule(static, 4)
        for (int i = 0; i < 30; i++) chunked += i;
        #pragma omp parallel num_threads(2) reduction(+: inner)
        inner += 1;
    }
    #pragma omp parallel num_threads(4)
    {
        #pragma omp scope reduction(+: scoped)
        scoped += 1;
        #pragma omp single
        {
            omp_event_handle_t early, after;
            // fulfilled by its own body: early_fulfill when the body ends
            #pragma omp task detach(early) shared(detached)
            {
                detached = 1;
                omp_fulfill_event(early);
            }
            // fulfilled once its body has ended (another thread of the team runs it): detach, then late_fulfill
            #pragma omp task detach(after) shared(late)
            {
                #pragma omp atomic write
                late = 1;
            }
            int ran = 0;
            while (!ran) {
                #pragma omp atomic read
                ran = late;
            }
            omp_fulfill_event(after);
            #pragma omp task untied shared(untied)
            untied = 1;
            #pragma omp task mergeable depend(out: untied) depend(in: late) depend(inout: detached) depend(mutexinoutset: scoped)
            untied += 1;
            #pragma omp taskwait
        }
    }
    // the untied task and the mergeable one may run in either order (1 or 2): print whether they ran
    printf("block %ld chunked %ld inner %ld scoped %ld detached %d late %d untied %d\n", block, chunked, inner, scoped, detached, late, untied != 0);
    return 0;
}

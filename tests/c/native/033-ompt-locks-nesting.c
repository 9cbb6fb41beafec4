// OMPT: clang
// OMPT-ENV: OMP_CANCELLATION=true OMP_MAX_ACTIVE_LEVELS=2
// Mutexes, nesting, cancellation and the tool's control (OmptTest, as 031): simple and nestable
// locks (with hints, tested and set, nested acquisitions), locks taken in a team, nested parallel
// regions, cancel and cancellation points of a loop in a team of one, omp_control_tool (the tool
// answers), and a warning error directive. Without a tool the program's output is gcc's.
#include <stdio.h>
#include <omp.h>

int main(void) {
    omp_lock_t lock;
    omp_nest_lock_t nest;
    int counted = 0, inner = 0, got, depth;
#ifdef KMP_VERSION_MAJOR   /* LLVM's omp.h (jomp's, clang's): a hint the tool sees in lock_init */
    omp_init_lock_with_hint(&lock, omp_sync_hint_contended);
#else                      /* the oracle's libgomp (gcc 12 on Debian) exports no omp_init_lock_with_hint */
    omp_init_lock(&lock);
#endif
    omp_init_nest_lock(&nest);
    omp_set_lock(&lock);
    got = omp_test_lock(&lock);   // held: no
    omp_unset_lock(&lock);
    got += omp_test_lock(&lock);   // free: yes
    omp_unset_lock(&lock);
    omp_set_nest_lock(&nest);
    omp_set_nest_lock(&nest);
    depth = omp_test_nest_lock(&nest);
    omp_unset_nest_lock(&nest);
    omp_unset_nest_lock(&nest);
    omp_unset_nest_lock(&nest);
    #pragma omp parallel num_threads(4)
    {
        omp_set_lock(&lock);
        counted++;
        omp_unset_lock(&lock);
        omp_set_nest_lock(&nest);
        omp_set_nest_lock(&nest);
        counted++;
        omp_unset_nest_lock(&nest);
        omp_unset_nest_lock(&nest);
    }
    omp_destroy_lock(&lock);
    omp_destroy_nest_lock(&nest);
    #pragma omp parallel num_threads(2)
    {
        #pragma omp parallel num_threads(2)
        {
            #pragma omp atomic
            inner++;
        }
    }
    int last = -1;
    #pragma omp parallel num_threads(1)
    {
        #pragma omp for
        for (int i = 0; i < 10; i++) {
            #pragma omp cancellation point for
            last = i;
            if (i == 3) {
                #pragma omp cancel for
            }
        }
    }
#ifdef KMP_VERSION_MAJOR   /* LLVM's omp.h (jomp's, clang's) */
    int answer = omp_control_tool(omp_control_tool_flush, 0, NULL);
#else                      /* libgomp has no tools interface: omp_control_tool_notool */
    int answer = -2;
#endif
    #pragma omp error at(execution) severity(warning) message("a warning for the tool")
    printf("got %d depth %d counted %d inner %d last %d control %d\n", got, depth, counted, inner, last, answer > 0);
    return 0;
}

// FLAGS: -idirafter ../../../compiler/front/src/main/resources/jomp/include
// LINK: support/225-ompt-trace.c
// OMPT: clang
// A tool linked into the program: support/225-ompt-trace.c defines ompt_start_tool, which the
// OpenMP runtime finds at its start without OMP_TOOL_LIBRARIES (jomp's link hands it to the
// runtime; libomp finds the executable's definition through the dynamic linker; libgomp has no
// OMPT). The tool's callbacks are the program's own functions, compiled by jomp. OmptTest compares
// its trace (stderr, or the file OMPT_TRACE names) with clang-19's build; stdout is gcc's. The
// FLAGS let gcc find <omp-tools.h>, which gcc 12 does not ship: jomp's copy, after gcc's own headers.
#include <stdio.h>
#include <omp.h>

static int work(int i) { return i % 7 == 0 ? 3 : 1; }

int main(void) {
    int total = 0, tasks = 0, critical = 0;
    #pragma omp parallel num_threads(3)
    {
        #pragma omp for schedule(dynamic, 2) reduction(+: total)
        for (int i = 0; i < 30; i++) total += work(i);
        #pragma omp single
        {
            for (int k = 0; k < 5; k++) {
                #pragma omp task shared(tasks)
                {
                    #pragma omp atomic
                    tasks += k;
                }
            }
            #pragma omp taskwait
        }
        #pragma omp critical
        critical++;
    }
    printf("total %d tasks %d critical %d\n", total, tasks, critical);
    return 0;
}

// OMPT: clang
// The tasking callbacks (OmptTest, as 031): task creation with its flags and dependences, the
// scheduling of each task, taskwait and taskgroup regions, undeferred (if(0)), final and priority
// tasks, taskloop with its taskgroup and chunks, taskyield, in a team of four and in the initial
// task. Left to 034, where jomp is held to OpenMP's sequence: untied tasks (libomp reports two more
// switches for one than OpenMP has), mergeable ones (libomp's flags never say mergeable) and
// depend(out:) (libomp reports it as inout). Without a tool the program's output is gcc's.
#include <stdio.h>
#include <omp.h>

static int fib(int n) {
    if (n < 2) return n;
    int a, b;
    #pragma omp task shared(a) final(n < 4)
    a = fib(n - 1);
    #pragma omp task shared(b) final(n < 4)
    b = fib(n - 2);
    #pragma omp taskwait
    return a + b;
}

int main(void) {
    int x = 0, y = 0, z = 0, f = 0, loop[16] = {0};
    // tasks of the initial task: a team of one runs each at once
    #pragma omp task depend(inout: x)
    x = 1;
    #pragma omp task depend(in: x) depend(inout: y)
    y = x + 1;
    #pragma omp taskwait
    #pragma omp parallel num_threads(4)
    {
        #pragma omp single
        {
            #pragma omp taskgroup
            {
                #pragma omp task depend(inout: z)
                z = 10;
                #pragma omp task depend(inout: z)
                z += 5;
                #pragma omp task depend(in: z) priority(2)
                {
                    #pragma omp atomic
                    x += z;
                }
            }
            #pragma omp task if(0)
            y += 100;
            f = fib(10);
        }
        /* each of the four threads runs the taskloop, so tasks of different threads add to one element:
           an atomic add (a builtin, which no OMPT callback reports), or updates are lost now and then */
        #pragma omp taskloop grainsize(4)
        for (int i = 0; i < 16; i++) __atomic_fetch_add(&loop[i], i, __ATOMIC_RELAXED);
        /* every task done first: a taskyield that finds another thread's taskloop task still
           queued runs it (a yield in the trace) or not, as timing has it */
        #pragma omp barrier
        #pragma omp taskyield
    }
    int s = 0;
    for (int i = 0; i < 16; i++) s += loop[i];
    printf("x %d y %d z %d fib %d taskloop %d\n", x, y, z, f, s);
    return 0;
}

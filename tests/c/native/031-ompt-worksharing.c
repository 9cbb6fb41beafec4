// OMPT: clang
// The host callbacks of worksharing and synchronization, seen by the OMPT tool of
// tests/c/run/support/225-ompt-trace.c (OmptTest loads it through OMP_TOOL_LIBRARIES and compares
// what it writes with the same tool under clang-19's libomp): parallel regions and their implicit
// tasks, loops of every schedule, sections, single (with and without nowait), masked and master,
// critical (named and unnamed), ordered, explicit and implicit barriers, flush. Without a tool the
// program's output is gcc's.
#include <stdio.h>
#include <omp.h>

int main(void) {
    long sum = 0, sq = 0;
    int singles = 0, masked = 0, sections = 0, order[12], next = 0;
    #pragma omp parallel num_threads(4)
    {
        #pragma omp for schedule(static) reduction(+: sum)
        for (int i = 0; i < 100; i++) sum += i;
        #pragma omp for schedule(dynamic, 3) reduction(+: sq) nowait
        for (int i = 0; i < 40; i++) sq += (long) i * i;
        #pragma omp barrier
        #pragma omp for schedule(guided)
        for (int i = 0; i < 64; i++) {
            #pragma omp atomic
            sq += 1;
        }
        #pragma omp single
        singles++;
        #pragma omp single nowait
        singles++;
        #pragma omp barrier
        #pragma omp sections
        {
            #pragma omp section
            {
                #pragma omp atomic
                sections += 1;
            }
            #pragma omp section
            {
                #pragma omp atomic
                sections += 10;
            }
            #pragma omp section
            {
                #pragma omp atomic
                sections += 100;
            }
        }
        #pragma omp masked filter(1)
        masked += 1;
        #pragma omp master
        masked += 10;
        #pragma omp critical
        sum += 1;
        /* a critical of another name does not exclude the one above: another variable */
        #pragma omp critical(names)
        sq += 2;
        #pragma omp for ordered schedule(static, 1)
        for (int i = 0; i < 12; i++) {
            #pragma omp ordered
            order[next++] = i;
        }
        #pragma omp flush
    }
    int ordered = 1;
    for (int i = 0; i < 12; i++) ordered &= order[i] == i;
    printf("sum %ld sq %ld singles %d sections %d masked %d ordered %d\n", sum, sq, singles, sections, masked, ordered);
    return 0;
}

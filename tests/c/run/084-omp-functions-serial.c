#include <stdio.h>
#include <omp.h>
int main(void) {
    int total = 0;
    #pragma omp parallel reduction(+ : total)
    { total += 1; }
    printf("parallel region counted all threads: %d\n", total >= 1);
    int n = 0;
    #pragma omp parallel for schedule(static) reduction(+ : n)
    for (int i = 0; i < 100; i++) n += i % 3 == 0;
    printf("%d\n", n);
    printf("in parallel outside region: %d\n", omp_in_parallel());
    printf("thread num outside region: %d\n", omp_get_thread_num());
    #pragma omp single
    printf("single region\n");
#ifdef _OPENMP
    printf("_OPENMP is at least 4.5: %d\n", _OPENMP >= 201511);
#endif
    return 0;
}

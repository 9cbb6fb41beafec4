#include <stdio.h>
#include <omp.h>
int main(void) {
    enum { N = 1000 };
    static double a[N], b[N];
    #pragma omp parallel for
    for (int i = 0; i < N; i++) { a[i] = i * 0.5; b[i] = N - i; }
    double dot = 0;
    #pragma omp parallel for reduction(+ : dot)
    for (int i = 0; i < N; i++) dot += a[i] * b[i];
    printf("dot %.1f\n", dot);
    long hist[4] = {0};
    #pragma omp parallel for
    for (int k = 0; k < 4; k++)
        for (int i = k; i < N; i += 4) hist[k] += i;
    printf("%ld %ld %ld %ld\n", hist[0], hist[1], hist[2], hist[3]);
    printf("threads >= 1: %d\n", omp_get_max_threads() >= 1);
    return 0;
}

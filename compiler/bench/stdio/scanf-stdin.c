/* Reads doubles from stdin with scanf("%lf") until the end; prints the count and the sum, and the
 * loop's own time on stderr. Nothing native runs before the loop ends: jomp's Java scanf engine
 * on its Java stdin reads them. */
#include <stdio.h>
#include <time.h>

int main(void) {
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    double x, sum = 0;
    int k = 0;
    while (scanf("%lf", &x) == 1) { sum += x; k++; }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("%d %.17g\n", k, sum);
    fflush(stdout);
    fprintf(stderr, "scanf %.1f\n", (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6);
    return 0;
}

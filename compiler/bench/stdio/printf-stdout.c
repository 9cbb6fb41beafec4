/* A printf-heavy loop to stdout (redirected to a file): N lines of mixed conversions; prints the
 * loop's own time on stderr. No native code runs, so jomp's Java printf engine writes them. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 200000;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int i = 0; i < n; i++) printf("%d %s %.3f %g\n", i, "item", i * 0.25, 1.0 / (i + 1));
    clock_gettime(CLOCK_MONOTONIC, &t1);
    fflush(stdout);
    fprintf(stderr, "printf %.1f\n", (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6);
    return 0;
}

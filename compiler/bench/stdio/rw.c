/* Writes N doubles to a file with fprintf("%.17g\n") and reads them back with fscanf("%lf"),
 * timing each loop (the program's own clock, so a JVM's start is not in them); prints the count
 * and the sum read (outputs compared with gcc's), and the times on stderr. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 200000;
    const char *path = argc > 2 ? argv[2] : "rw.txt";
    double t0 = now();
    FILE *f = fopen(path, "w");
    double t1 = now();
    for (int i = 0; i < n; i++) fprintf(f, "%.17g\n", i * 0.001 + 1.0 / (i + 1));
    fclose(f);
    double t2 = now();
    f = fopen(path, "r");
    double x, sum = 0;
    int k = 0;
    while (fscanf(f, "%lf", &x) == 1) { sum += x; k++; }
    fclose(f);
    double t3 = now();
    printf("%d %.17g\n", k, sum);
    fprintf(stderr, "first-fopen %.1f write %.1f read %.1f\n", (t1 - t0) * 1e3, (t2 - t1) * 1e3, (t3 - t2) * 1e3);
    return 0;
}

/* Many wide teams on the jvm device (plugins/jvm/bench/wide-teams.sh): a kernel of T teams of L
 * threads whose parallel regions meet at barriers, launched R times; prints the results (the same
 * for every build), the best launch time, and the OS threads the process has at the end. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int os_threads(void) {
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    int n = -1;
    if (!f) return -1;
    while (fgets(line, sizeof line, f)) if (strncmp(line, "Threads:", 8) == 0) n = atoi(line + 8);
    fclose(f);
    return n;
}

int main(int argc, char **argv) {
    int teams = argc > 1 ? atoi(argv[1]) : 256, limit = argc > 2 ? atoi(argv[2]) : 512, rounds = argc > 3 ? atoi(argv[3]) : 5;
    double best = 1e30;
    long total = 0, width = 0;
    for (int r = 0; r < rounds; r++) {
        long sum = 0, wide = 0;
        double t0 = omp_get_wtime();
#pragma omp target teams num_teams(teams) thread_limit(limit) map(tofrom : sum, wide)
        {
#pragma omp parallel reduction(+ : sum) reduction(max : wide)
            {
                long local = 0;
                for (int k = 0; k < 200; k++) local += (k ^ omp_get_thread_num()) & 7;
#pragma omp barrier
                sum += local;
                wide = omp_get_num_threads();
            }
        }
        double t = omp_get_wtime() - t0;
        if (t < best) best = t;
        total = sum;
        width = wide;
    }
    printf("result sum=%ld threads-per-team=%ld\n", total, width);
    printf("time %.4f\n", best);
    printf("os-threads %d\n", os_threads());
    return 0;
}

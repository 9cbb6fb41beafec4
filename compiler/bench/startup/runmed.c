/* runmed N COMMAND ARGS...: runs COMMAND N times, its stdin from /dev/null unless RUNMED_STDIN
 * names a file, its stdout to /dev/null; prints the median wall time and the median CPU time
 * (user + system of the process and its children) in milliseconds, and the fastest wall time.
 * Its stderr goes to /dev/null too. A fork and exec of our own, so that the measuring adds no shell around each run. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: runmed N COMMAND ARGS...\n"); return 2; }
    int n = atoi(argv[1]);
    const char *in = getenv("RUNMED_STDIN");
    double *wall = malloc(n * sizeof *wall), *cpu = malloc(n * sizeof *cpu);
    for (int i = 0; i < n; i++) {
        struct timespec t0, t1;
        struct rusage ru;
        int status;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        pid_t p = fork();
        if (p == 0) {
            int o = open("/dev/null", O_WRONLY), r = open(in ? in : "/dev/null", O_RDONLY);
            dup2(o, 1);
            dup2(o, 2);
            dup2(r, 0);
            execvp(argv[2], argv + 2);
            _exit(127);
        }
        wait4(p, &status, 0, &ru);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) { fprintf(stderr, "runmed: %s failed\n", argv[2]); return 1; }
        wall[i] = (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6;
        cpu[i] = (ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 + (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
    }
    qsort(wall, n, sizeof *wall, cmp);
    qsort(cpu, n, sizeof *cpu, cmp);
    printf("%.2f %.2f %.2f\n", wall[n / 2], cpu[n / 2], wall[0]);
    return 0;
}

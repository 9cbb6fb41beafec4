/* The C library functions jomp keeps in Java, timed against glibc's own (docs/libc.md): the same
 * program is built by jomp with its Java functions, by jomp with glibc's
 * (-Wl,--jomp-prefer-native=...), and by gcc -O2. Each loop runs REPS times; the best is printed
 * in ns per call, so the JVM's warm-up is left out. The results go into one checksum, which all
 * three builds must agree on. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>

enum { N = 2000000, REPS = 5, SORT = 200000 };

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int cmp(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

#define TIME(name, calls, body) do { \
        double best = 1e9; \
        for (int r = 0; r < REPS; r++) { double t = now(); body; double d = now() - t; if (d < best) best = d; } \
        printf("%-28s %8.2f ns/call\n", name, best * 1e9 / (calls)); } while (0)

int main(void) {
    const char *words[8] = {"a", "to", "the", "four", "fifth", "sixsix", "seven77", "eight888"};
    const char *numbers[4] = {"12345", "-987654321", "0x7fff", "42"};
    const char *reals[4] = {"3.14159", "-2.5e-3", "1e10", "0.1"};
    static char dst[64], src[64] = "sixty-four bytes of text, copied again and again by memcpy....";
    static char buf[128];
    static int a[SORT];
    unsigned long check = 0;
    TIME("strlen", N, for (int i = 0; i < N; i++) check += strlen(words[i & 7]));
    TIME("strcmp", N, for (int i = 0; i < N; i++) check += strcmp(words[i & 7], words[(i + 1) & 7]) > 0);
    TIME("memcpy 64 bytes", N, for (int i = 0; i < N; i++) { memcpy(dst, src + (i & 1), 62); check += dst[i & 31]; });
    TIME("strtol", N, for (int i = 0; i < N; i++) check += strtol(numbers[i & 3], 0, 0));
    TIME("strtod", N, for (int i = 0; i < N; i++) check += (unsigned long)(strtod(reals[i & 3], 0) * 1000));
    TIME("snprintf \"%d %.3f %s\"", N / 4, for (int i = 0; i < N / 4; i++) check += snprintf(buf, sizeof buf, "%d %.3f %s", i, i * 0.25, words[i & 7]));
    TIME("sqrt, floor", N, for (int i = 0; i < N; i++) check += (unsigned long)(sqrt((double)i) + floor(i * 0.3)));
    TIME("rand", N, for (int i = 0; i < N; i++) check += rand() & 1);
    TIME("qsort 200000 ints", SORT, { srand(7); for (int i = 0; i < SORT; i++) a[i] = rand(); qsort(a, SORT, sizeof a[0], cmp); check += a[SORT / 2]; });
    printf("check %lu\n", check);
    return 0;
}

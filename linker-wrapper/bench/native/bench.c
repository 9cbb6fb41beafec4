/* Native calls from a C program: 10^7 calls of a library's add(int, int), of glibc's strlen on short
 * strings, of a comparison callback through glibc's qsort (called by the library), of a callback
 * called in a loop by the library, and the program's own qsort. Each is timed REPS times; the best
 * time per call is printed, so the JVM's warm-up is left out, as a C program has none. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

int add(int, int);
int add_nonleaf(int, int);
void sort_ints(int *a, size_t n, int (*cmp)(const void *, const void *));
long call_back(long n, int (*f)(int, int));

enum { N = 10000000, REPS = 7, SORT = 524288 };

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static long comparisons;
static int cmp(const void *a, const void *b) {
    comparisons++;
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}
static int plus(int a, int b) { return a + b; }

static void fill(int *a, unsigned seed) {
    for (int i = 0; i < SORT; i++) { seed = seed * 1103515245u + 12345u; a[i] = (int)(seed >> 1); }
}

int main(void) {
    const char *words[8] = {"a", "to", "the", "four", "fifth", "sixsix", "seven77", "eight888"};
    int *a = malloc(SORT * sizeof *a);
    double best[6] = {1e9, 1e9, 1e9, 1e9, 1e9, 1e9};
    long check = 0, calls[6] = {N, N, 0, N, 0, N};
    for (int r = 0; r < REPS; r++) {
        double t = now();
        int s = 0;
        for (int i = 0; i < N; i++) s = add(s, i);
        double d = now() - t;
        if (d < best[0]) best[0] = d;
        check += s;

        t = now();
        size_t len = 0;
        for (int i = 0; i < N; i++) len += strlen(words[i & 7]);
        d = now() - t;
        if (d < best[1]) best[1] = d;
        check += (long)len;

        fill(a, 42u + r);
        comparisons = 0;
        t = now();
        sort_ints(a, SORT, cmp);
        d = now() - t;
        calls[2] = comparisons;
        if (d < best[2]) best[2] = d;
        check += a[SORT / 2];

        t = now();
        check += call_back(N, plus);
        d = now() - t;
        if (d < best[3]) best[3] = d;

        t = now();
        s = 0;
        for (int i = 0; i < N; i++) s = add_nonleaf(s, i);
        d = now() - t;
        if (d < best[5]) best[5] = d;
        check += s;

        fill(a, 42u + r);
        comparisons = 0;
        t = now();
        qsort(a, SORT, sizeof *a, cmp);
        d = now() - t;
        calls[4] = comparisons;
        if (d < best[4]) best[4] = d;
        check += a[SORT / 3];
    }
    const char *names[6] = {"add (library, a leaf)", "strlen (glibc)", "qsort callback (glibc qsort)", "callback loop (library)", "qsort (the program's libc)", "add (library, not a leaf)"};
    for (int k = 0; k < 6; k++) printf("%-30s %10ld calls %8.2f ns/call\n", names[k], calls[k], best[k] * 1e9 / calls[k]);
    printf("check %ld\n", check);
    return 0;
}

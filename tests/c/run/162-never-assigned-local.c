/* Locals that are never assigned, read only on a path the program does not take: C lets such
 * functions exist (reading the value would be undefined; this program never does). jomp's class
 * failed verification as it loaded ("Bad local variable type"), so the whole program died: the
 * first read of the register pushed zero, the second read loaded a JVM local never stored. Found
 * by random testing (tests/fuzz/gen.py). */
#include <stdio.h>

/* the point of the test: the reads are never executed */
#pragma GCC diagnostic ignored "-Wuninitialized"
#ifndef __clang__
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif

static int never_set(int p, int c) {
    int x;
    if (c) return x > p + x ? p : 4;
    return p + 1;
}

static long twice(long p, int c) {
    long y;
    long z = c ? y + y * y : p;
    return z * 2;
}

static double half(double d, int c) {
    double u;
    return c ? u * u - u : d / 2;
}

static unsigned char *pick(unsigned char *p, int c) {
    unsigned char *q;
    return c ? q + (q - p) : p + 1;
}

int main(int argc, char **argv) {
    unsigned char buf[4] = {1, 2, 3, 4};
    int c = argc > 100;
    (void)argv;
    printf("%d %ld %g %d\n", never_set(41, c), twice(21, c), half(3.0, c), *pick(buf, c));
    return 0;
}

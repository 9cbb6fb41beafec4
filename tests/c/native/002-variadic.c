// NATIVE: -ljnative
// Variadic calls into a gcc-built library (a descriptor per call site, default promotions), and a
// va_list handed to a library function, as vprintf takes one.
#include <stdio.h>
#include <stdarg.h>
#include "jnative.h"

static int format(char *out, size_t size, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = lib_vformat(out, size, fmt, ap);
    va_end(ap);
    return n;
}

int main(void) {
    char buf[256];
    printf("vsum %d %d %d\n", vsum(0), vsum(1, 42), vsum(5, 1, 2, 3, 4, 5));
    char c = 'x';
    short s = -7;
    float f = 0.5f;
    struct pair p = {3, 4};
    struct big b = {1, 2, 3, 4.5};
    vprint(buf, sizeof buf, "iiidlsdpbi", c, s, 100, f, 1L << 40, "str", 2.75, p, b, -1);
    printf("vprint %s\n", buf);
    /* more arguments than registers: the rest on the stack */
    vprint(buf, sizeof buf, "ddddddddddiiiiiiii", 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 1, 2, 3, 4, 5, 6, 7, 8);
    printf("vprint %s\n", buf);
    int n = format(buf, sizeof buf, "%d|%5.2f|%s|%c|%ld|%x", 12, 3.14159, "abc", 'z', -5L, 255u);
    printf("vformat %d %s\n", n, buf);
    return 0;
}

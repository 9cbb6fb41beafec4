// NATIVE: -ljnative
// The scanf and printf engines on streams a library shares: the library writes a FILE* that jomp
// code reads back with fscanf (glibc's engine, called natively), jomp code writes with fprintf
// (glibc's vfprintf) what the library reads with fgets; stdout written by printf before and
// after native code starts, and by the library, stays in program order; a va_list made by jomp
// code goes to the library's vsnprintf and to glibc's vfprintf and vfscanf through jomp's own
// v-functions; long double conversions; %m after the library's failing call.
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include "jnative.h"

static int lib_format(char *out, size_t size, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = lib_vformat(out, size, fmt, ap);
    va_end(ap);
    return r;
}

static int scan(FILE *f, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = vfscanf(f, fmt, ap);
    va_end(ap);
    return r;
}

static int print(FILE *f, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = vfprintf(f, fmt, ap);
    va_end(ap);
    return r;
}

int main(void) {
    printf("before native code: %d %.3f %Lg\n", 1, 2.0, (long double)3.5);
    lib_say("the library speaks");
    printf("after it: %d %.3f %Lg\n", 4, 5.0, (long double)6.5);
    char path[64];
    snprintf(path, sizeof path, "/tmp/jomp-native-scanf-%d.txt", getpid());
    FILE *f = lib_fopen(path, "w");
    for (int i = 1; i <= 3; i++) {
        char line[64];
        snprintf(line, sizeof line, "item %d weight %.2f", i, i * 1.25);
        lib_fprint(f, line);
    }
    print(f, "jomp %s %Lf %d\n", "tail", (long double)0.5, 99);
    fclose(f);
    f = fopen(path, "r");
    int n;
    double w;
    while (fscanf(f, "[lib] item %d weight %lf\n", &n, &w) == 2) printf("scanned %d %.2f\n", n, w);
    char word[16];
    long double ld = 0;
    int k = 0;
    int r = scan(f, "jomp %15s %Lf %d", word, &ld, &k);
    printf("vfscanf: r=%d [%s] %.3Lf %d\n", r, word, ld, k);
    rewind(f);
    char line[128];
    int ok = lib_fgets(f, line, sizeof line);
    printf("the library's fgets: %d %s", ok, line);
    fclose(f);
    remove(path);
    char buf[128];
    int m = lib_format(buf, sizeof buf, "%s|%5d|%.2f|%c", "va_list", 42, 2.5, 'z');
    printf("the library's vsnprintf: %d [%s]\n", m, buf);
    errno = 0;
    FILE *none = lib_fopen("/nonexistent/dir/file", "r");
    printf("after a failing fopen: %s, %m\n", none ? "opened" : "null");
    printf("last line, unflushed");
    return 0;
}

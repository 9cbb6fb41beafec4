#include <stdio.h>
#include <stdarg.h>
#include <string.h>
static int out(FILE *f, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vfprintf(f, fmt, ap);
    va_end(ap);
    return n;
}
static int into(char *buf, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsprintf(buf, fmt, ap);
    va_end(ap);
    return n;
}
static int bounded(char *buf, size_t size, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, size, fmt, ap);
    va_end(ap);
    return n;
}
int main(void) {
    int n = out(stdout, "%s %d %5.2f|%-4c|\n", "vfprintf", 7, 2.345, 'q');
    printf("%d\n", n);
    char buf[128];
    n = into(buf, "%08.3f %x %lld", -3.14159, 48879u, -1LL);
    printf("%d [%s]\n", n, buf);
    size_t size = strlen(buf) / 2;
    n = bounded(buf, size, "%s", "0123456789abcdef");
    printf("%d [%s]\n", n, buf);
    return 0;
}

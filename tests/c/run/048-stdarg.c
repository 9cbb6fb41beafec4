#include <stdio.h>
#include <stdarg.h>
static int sum(int n, ...) {
    va_list ap;
    va_start(ap, n);
    int s = 0;
    for (int i = 0; i < n; i++) s += va_arg(ap, int);
    va_end(ap);
    return s;
}
static double avg(int n, ...) {
    va_list ap;
    va_start(ap, n);
    double s = 0;
    for (int i = 0; i < n; i++) s += va_arg(ap, double);
    va_end(ap);
    return s / n;
}
static void mixed(const char *fmt, ...) {
    va_list ap, copy;
    va_start(ap, fmt);
    va_copy(copy, ap);
    for (const char *p = fmt; *p; p++) {
        switch (*p) {
        case 'i': printf("i:%d ", va_arg(ap, int)); break;
        case 'l': printf("l:%lld ", va_arg(ap, long long)); break;
        case 'd': printf("d:%g ", va_arg(ap, double)); break;
        case 's': printf("s:%s ", va_arg(ap, const char *)); break;
        case 'c': printf("c:%c ", va_arg(ap, int)); break;
        }
    }
    printf("| first again %d\n", va_arg(copy, int));
    va_end(copy);
    va_end(ap);
}
static int my_printf(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vprintf(fmt, ap);
    va_end(ap);
    return n;
}
static void fmt_into(char *buf, size_t n, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, n, fmt, ap);
    va_end(ap);
}
int main(void) {
    printf("%d %d\n", sum(3, 1, 2, 3), sum(0));
    printf("%g\n", avg(4, 1.0, 2.0, 3.0, 4.5));
    char ch = 'z';
    float f = 1.5f;
    mixed("ildsc", 42, 1LL << 40, f, "str", ch);
    int n = my_printf("%s-%05d-%.2f\n", "vp", 42, 3.14159);
    printf("%d\n", n);
    char buf[32];
    fmt_into(buf, sizeof buf, "%x/%o", 255, 8);
    printf("%s\n", buf);
    return 0;
}

#include <stdio.h>
#include <string.h>
/* Sizes go through lim() so that gcc cannot prove truncation and warn about it at compile time. */
static size_t lim(size_t n) { return n; }
int main(void) {
    char buf[64];
    int n = sprintf(buf, "%d-%s-%.2f", 12, "ab", 1.005);
    printf("%d [%s]\n", n, buf);
    char small[8];
    n = snprintf(small, lim(sizeof small), "%s", "truncated string");
    printf("%d [%s] %zu\n", n, small, strlen(small));
    n = snprintf(NULL, 0, "%d %d", 123, 456);
    printf("%d\n", n);
    n = snprintf(small, lim(1), "abc");
    printf("%d [%s]\n", n, small);
    memset(buf, 'X', sizeof buf);
    n = snprintf(buf, lim(5), "%05d", 42);
    printf("%d [%s] %c\n", n, buf, buf[6]);
    char *p = buf;
    p += sprintf(p, "%s", "a");
    p += sprintf(p, "%c", 'b');
    p += sprintf(p, "%x", 12);
    printf("[%s] %td\n", buf, p - buf);
    n = snprintf(buf, sizeof buf, "%10.4f|%-6s|%+d", 3.14159265, "x", 5);
    printf("%d [%s]\n", n, buf);
    return 0;
}

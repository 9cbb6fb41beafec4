#include <stdio.h>
#define LOG(fmt, ...) printf("log: " fmt "\n", __VA_ARGS__)
#define LOG2(fmt, ...) printf("log2: " fmt "\n", ##__VA_ARGS__)
#define COUNT(...) count_args(__VA_ARGS__, -1)
#define FIRST(a, ...) (a)
#include <stdarg.h>
static int count_args(int first, ...) {
    va_list ap;
    int n = 0;
    va_start(ap, first);
    for (int v = first; v != -1; v = va_arg(ap, int)) n++;
    va_end(ap);
    return n;
}
int main(void) {
    LOG("%d + %d = %d", 1, 2, 3);
    LOG2("no args");
    LOG2("one arg %s", "x");
    printf("%d %d\n", COUNT(1, 2, 3), COUNT(5));
    printf("%d\n", FIRST(9, 8, 7));
    return 0;
}

#include <stdio.h>
static int calls;
static int t(int v) { calls++; return v; }
int main(void) {
    printf("%d %d %d %d\n", 1 && 0, 1 || 0, !0, !5);
    calls = 0;
    int r = t(0) && t(1);
    printf("%d %d\n", r, calls);
    calls = 0;
    r = t(1) || t(1);
    printf("%d %d\n", r, calls);
    calls = 0;
    r = (t(1) && t(2)) || t(3);
    printf("%d %d\n", r, calls);
    int a = 3, b = 7;
    printf("%d %d %d %d %d %d\n", a < b, a > b, a <= 3, b >= 8, a == 3, a != 3);
    printf("%d\n", a > b ? a : b);
    printf("%s\n", a ? "nonzero" : "zero");
    int c = (a++, b++, a + b);
    printf("%d %d %d\n", a, b, c);
    double x = 0.0;
    printf("%d %d\n", !x, x || b);
    int *p = NULL;
    printf("%d %d\n", !p, p && *p);
    int big = a > 1 ? b > 5 ? 100 : 50 : 0;
    printf("%d\n", big);
    return 0;
}

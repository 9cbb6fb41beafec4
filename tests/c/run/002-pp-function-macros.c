#include <stdio.h>
#define MAX(a, b) ((a) > (b) ? (a) : (b))
#define MIN(a, b) ((a) < (b) ? (a) : (b))
#define SQ(x) ((x) * (x))
#define CALL(f, x) f(x)
#define TWICE(f, x) f(f(x))
#define NOARGS() 7
static int inc(int x) { return x + 1; }
int main(void) {
    printf("%d %d\n", MAX(3, 9), MIN(3, 9));
    printf("%d %d\n", SQ(1 + 2), SQ(SQ(2)));
    printf("%d %d %d\n", CALL(inc, 4), TWICE(inc, 4), NOARGS());
    printf("%d\n", MAX(MIN(5, 10), MIN(8, 2)));
    return 0;
}

#include <stdio.h>
#define f(a) a*g
#define g(a) f(a)
#define ID(x) x
#define APPLY(m, x) m(x)
#define PLUS1(x) ((x) + 1)
static int self = 2;
#define self (self + 1)
#define LPAREN (
#define ARGS(x) x
int main(void) {
    int g = 3;
    printf("%d\n", self);
    printf("%d\n", APPLY(PLUS1, APPLY(PLUS1, 1)));
    printf("%d\n", ID(ID(ID(5))));
    printf("%d\n", f(2)(9) + 0 * g);
    printf("%d\n", ARGS((1 ? 2 : 3)));
    return 0;
}

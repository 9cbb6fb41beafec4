/* A function defined with its name in parentheses, as Csmith's safe_math.h defines every helper
 * ("static int8_t (safe_add)(int8_t a, int8_t b) { ... }", through a FUNC_NAME macro): the
 * parameters are in scope in the body (jomp said "use of undeclared identifier"). */
#include <stdio.h>

#define FUNC_NAME(x) (safe_##x)

static int (neg)(int si) { return -si; }
static long ((twice))(long v) { return 2 * v; }
static int FUNC_NAME(add)(int a, int b) { return a + b; }
static int (*(pick)(int which))(int) { (void)which; return neg; }
int (apply)(int (*f)(int), int x) { return f(x); }

int main(void) {
    printf("%d %ld %d %d %d\n", neg(3), twice(21), safe_add(40, 2), pick(1)(9), apply(neg, -4));
    return 0;
}

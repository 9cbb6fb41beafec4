#include <stdio.h>
typedef double (*op_fn)(double, double);
static double add(double a, double b) { return a + b; }
static double sub(double a, double b) { return a - b; }
static double mul(double a, double b) { return a * b; }
static double dvd(double a, double b) { return a / b; }
static const struct { char sym; op_fn fn; } ops[] = {{'+', add}, {'-', sub}, {'*', mul}, {'/', dvd}};
static int apply(int (*f)(int), int x, int times) { while (times--) x = f(x); return x; }
static int dbl(int x) { return 2 * x; }
static int neg(int x) { return -x; }
static int (*choose(int which))(int) { return which ? dbl : neg; }
int main(void) {
    for (unsigned i = 0; i < sizeof ops / sizeof ops[0]; i++)
        printf("7 %c 2 = %g\n", ops[i].sym, ops[i].fn(7, 2));
    printf("%d %d\n", apply(dbl, 1, 10), apply(neg, 5, 3));
    printf("%d %d\n", choose(1)(21), (*choose(0))(21));
    op_fn f = &mul;
    printf("%g %g\n", f(3, 4), (*f)(5, 6));
    printf("%d\n", f == mul);
    int (*table[2])(int) = {dbl, neg};
    printf("%d\n", table[1](table[0](8)));
    return 0;
}

#include <stdio.h>
int helper(int);
extern double scale(double x, double factor);
static void noop(void);
int values[];
int helper(int x) { return x * 3 + 1; }
double scale(double x, double f) { return x * f; }
static void noop(void) { }
int values[4] = {9, 8, 7, 6};
inline int twice(int x) { return 2 * x; }
extern inline int twice(int x);
int main(void) {
    noop();
    int (*h)(int) = helper;
    printf("%d %g %d %d\n", helper(4), scale(2.5, 4), h(h(1)), twice(values[3]));
    return 0;
}

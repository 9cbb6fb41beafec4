/* Complex multiplication through a function taking and returning a struct by value, called in a
   loop: the cost of passing and returning small structs (compiler/bench/struct-calls.sh). */
#include <stdio.h>
#include <stdlib.h>

typedef struct { double r, i; } C;

C mul(C a, C b) {
    C c;
    c.r = a.r * b.r - a.i * b.i;
    c.i = a.r * b.i + a.i * b.r;
    return c;
}

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 1000;
    C z = {1.0, 0.0}, w = {0.6, 0.8};   /* |w| = 1: z stays on the unit circle */
    for (long k = 0; k < n; k++) z = mul(z, w);
    printf("%.6f %.6f\n", z.r, z.i);
    return 0;
}

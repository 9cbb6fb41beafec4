// NATIVE: -Wl,--as-needed -lm
// A strong reference to one of libm's functions (cos) makes the --as-needed libm needed, as with
// GNU ld, and then weak references to its other functions (sin, cbrt, even through a pointer in
// initialised data) bind to it and work; jomp's built-in libm counts as glibc's libm for this.
#include <math.h>
#include <stdio.h>

#pragma weak sin
#pragma weak cbrt
#pragma weak hypot

static double (*const table[])(double) = {sin, cbrt};

int main(void) {
    volatile double x = 0.5;
    printf("cos %.6f\n", cos(x));
    printf("sin %s cbrt %s hypot %s\n", sin ? "bound" : "null", table[1] ? "bound" : "null", hypot ? "bound" : "null");
    if (table[0]) printf("sin(0.5) %.6f\n", table[0](x));
    if (cbrt) printf("cbrt(27) %.6f\n", cbrt(27.0 * x * 2));
    if (hypot) printf("hypot %.6f\n", hypot(3 * x * 2, 4 * x * 2));
    return 0;
}

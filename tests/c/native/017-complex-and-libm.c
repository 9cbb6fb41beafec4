// NATIVE: -lm
// Complex functions glibc has and jomp's Java library does not (cacos, ctan, catanf: complex
// numbers by value, SSE class), also picked by <tgmath.h>, and libm functions such as lgamma and jn.
#include <stdio.h>
#include <tgmath.h>

int main(void) {
    double complex z = 0.5 + 0.25 * I;
    double complex a = cacos(z), t = ctan(z), g = acos(z);   /* acos of a complex: tgmath picks cacos */
    float complex f = catanf(0.5f + 0.5f * I);
    printf("%.12f %.12f | %.12f %.12f | %.12f %.12f\n", creal(a), cimag(a), creal(t), cimag(t), creal(g), cimag(g));
    printf("%.6f %.6f\n", crealf(f), cimagf(f));
    printf("%.12f %.12f %.12f\n", lgamma(3.7), jn(2, 1.5), sqrt(2.0f));
    return 0;
}

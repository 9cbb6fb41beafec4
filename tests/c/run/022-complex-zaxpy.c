#include <stdio.h>
#include <complex.h>
static void zaxpy(int n, double _Complex a, const double _Complex *x, double _Complex *y) {
    for (int i = 0; i < n; i++) y[i] = a * x[i] + y[i];
}
int main(void) {
    enum { N = 8 };
    double _Complex x[N], y[N];
    for (int i = 0; i < N; i++) {
        x[i] = i + (i * 0.5) * I;
        y[i] = 1.0 - i * I;
    }
    double _Complex a = 2.0 + 3.0 * I;
    zaxpy(N, a, x, y);
    for (int i = 0; i < N; i++) printf("y[%d] = %g %+gi\n", i, creal(y[i]), cimag(y[i]));
    double _Complex p = (1.0 + 2.0 * I) * (3.0 - 1.0 * I);
    double _Complex q = p / (1.0 + 1.0 * I);
    printf("%g %g %g %g\n", creal(p), cimag(p), creal(q), cimag(q));
    double _Complex c = conj(p);
    printf("%g %g %g\n", creal(c), cimag(c), cabs(3.0 + 4.0 * I));
    printf("%zu\n", sizeof(double _Complex));
    return 0;
}

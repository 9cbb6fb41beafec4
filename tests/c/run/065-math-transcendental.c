#include <stdio.h>
#include <math.h>
/* Results within 1e-12 of zero print as 0: their digits would show a 1-ulp difference. */
static double clean(double v) { return fabs(v) < 1e-12 ? 0.0 : v; }
int main(void) {
    const double pi = acos(-1.0);
    printf("%.12g\n", pi);
    for (int i = 0; i <= 8; i++) {
        double x = i * pi / 8;
        printf("%d %.12g %.12g %.12g\n", i, clean(sin(x)), clean(cos(x)), i == 4 ? 0.0 : clean(tan(x)));
    }
    printf("%.12g %.12g %.12g\n", exp(1.0), exp(-2.5), exp(10.0));
    printf("%.12g %.12g %.12g %.12g\n", log(10.0), log10(12345.0), log2(1024.0), log1p(1e-10));
    printf("%.12g %.12g %.12g\n", pow(2.0, 0.5), pow(10.0, -3.0), pow(-2.0, 3.0));
    printf("%.12g %.12g %.12g\n", atan(1.0), atan2(-1.0, -1.0), asin(0.5));
    printf("%.12g %.12g %.12g\n", sinh(1.0), cosh(1.0), tanh(0.5));
    printf("%.12g %.12g\n", cbrt(27.0), expm1(1e-5));
    double acc = 0;
    for (int i = 1; i <= 100; i++) acc += 1.0 / (i * (double)i);
    printf("%.12g %.12g\n", acc, sqrt(6 * acc));
    return 0;
}

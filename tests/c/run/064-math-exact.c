#include <stdio.h>
#include <math.h>
int main(void) {
    double v[] = {2.0, 0.5, 1e-300, 12345.6789, 1e300, 3.0};
    for (int i = 0; i < 6; i++) printf("sqrt %.17g\n", sqrt(v[i]));
    printf("%.17g %.17g %.17g\n", fabs(-3.5), fabs(0.0), fabs(-1e-310));
    printf("%.17g %.17g %.17g %.17g\n", floor(2.7), floor(-2.7), ceil(2.1), ceil(-2.1));
    printf("%.17g %.17g %.17g\n", fmod(10.5, 3.0), fmod(-10.5, 3.0), fmod(1e10, 7.25));
    printf("%.17g %.17g %.17g %.17g\n", fmin(1.5, -2.0), fmax(1.5, -2.0), fmin(NAN, 3.0), fmax(4.0, NAN));
    printf("%.17g %.17g\n", fma(0.1, 10.0, -1.0), fma(2.0, 3.0, 4.0));
    int e;
    double m = frexp(48.0, &e);
    printf("%.17g %d\n", m, e);
    m = frexp(-0.1, &e);
    printf("%.17g %d\n", m, e);
    printf("%.17g %.17g\n", ldexp(0.75, 6), ldexp(1.0, -1074));
    printf("%.17g %.17g %.17g %.17g\n", round(2.5), round(-2.5), trunc(-2.7), rint(2.5));
    double ip;
    double fp = modf(-3.75, &ip);
    printf("%.17g %.17g\n", fp, ip);
    printf("%d %d %d %d\n", isnan(NAN), isinf(INFINITY), isfinite(1.0), signbit(-0.0) != 0);
    printf("%.17g %.17g\n", copysign(3.0, -1.0), hypot(3.0, 4.0));
    printf("%.9g %.9g\n", sqrtf(2.0f), fabsf(-1.25f));
    return 0;
}

#include <stdio.h>
int main(void) {
    float f = 1.0f / 3.0f;
    double d = 1.0 / 3.0;
    printf("%.9g %.17g\n", f, d);
    printf("%.17g\n", 0.1 + 0.2);
    printf("%d %d\n", 0.1 + 0.2 == 0.3, 0.5 + 0.25 == 0.75);
    double z = 0.0;
    printf("%f %f %f\n", 1.0 / z, -1.0 / z, z * -1.0);
    double nan = z / z;
    printf("%d %d\n", nan != nan, nan == nan);
    float acc = 0;
    for (int i = 0; i < 1000; i++) acc += 0.001f;
    printf("%.9g\n", acc);
    double e = 1e308;
    printf("%g %g\n", e * 10, 1e-320);
    printf("%.17g %.9g\n", (double)(float)0.1, (float)(double)0.1f);
    printf("%d\n", (int)(2.5f * 4));
    double h = 5e-324;
    printf("%a %g\n", h, h / 2);
    return 0;
}

#include <stdio.h>
#include <math.h>
int main(void) {
    double v[] = {0.49999999999999994, 0.5, 1.5, 2.5, -0.5, -1.5, 1e15 + 0.5, 123.456};
    for (int i = 0; i < 8; i++) printf("%.17g -> %ld %ld %.1f %.1f\n", v[i], (long)v[i], lround(v[i]), nearbyint(v[i]), floor(v[i] + 0.5));
    float f = 0.1f;
    double d = f;
    printf("%.17g %d\n", d, d == 0.1);
    unsigned u = 3000000000u;
    float uf = (float)u;
    double ud = u;
    printf("%.1f %.1f\n", uf, ud);
    long long big = 9007199254740993LL;
    printf("%.1f\n", (double)big);
    printf("%d %d\n", (int)-0.9, (int)0.9999999);
    printf("%.9g %.17g\n", (float)1e-40, (double)(float)3.4e38);
    return 0;
}

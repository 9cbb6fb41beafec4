#include <stdio.h>
#include <stdlib.h>
int main(void) {
    int a[] = {7, -7, 7, -7, 0, 1, -1};
    int b[] = {2, 2, -2, -2, 3, 5, 5};
    for (int i = 0; i < 7; i++)
        printf("%d / %d = %d, %% = %d\n", a[i], b[i], a[i] / b[i], a[i] % b[i]);
    long long x = -9000000000LL;
    printf("%lld %lld\n", x / 7, x % 7);
    unsigned u = 4000000000u;
    printf("%u %u\n", u / 3, u % 7);
    div_t d = div(-17, 5);
    ldiv_t ld = ldiv(17L, -5L);
    printf("%d %d %ld %ld\n", d.quot, d.rem, ld.quot, ld.rem);
    printf("%d %ld %lld\n", abs(-4), labs(-5L), llabs(-6LL));
    return 0;
}

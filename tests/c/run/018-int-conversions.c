#include <stdio.h>
#include <stdint.h>
int main(void) {
    long long big = 0x123456789ALL;
    int i = (int)big;
    short s = (short)big;
    signed char sc = (signed char)big;
    printf("%d %d %d\n", i, s, sc);
    double d = 3.99;
    printf("%d %d\n", (int)d, (int)-d);
    double big_d = 4e9;
    printf("%u %lld\n", (unsigned)big_d, (long long)big_d);
    int neg = -3;
    printf("%.1f %f\n", (double)neg, (float)neg / 2);
    unsigned long long u = 18446744073709551615ULL;
    printf("%.1f\n", (double)u);
    int i24 = 16777217;
    float f = (float)i24;
    printf("%.1f\n", f);
    int64_t m = INT64_MIN;
    printf("%lld\n", (long long)m);
    double half = 0.5, zero = 0.0;
    _Bool b1 = half, b2 = zero, b3 = -3;
    printf("%d %d %d\n", b1, b2, b3);
    uint8_t u8 = (uint8_t)-1;
    int16_t i16 = (int16_t)40000;
    printf("%d %d\n", u8, i16);
    return 0;
}

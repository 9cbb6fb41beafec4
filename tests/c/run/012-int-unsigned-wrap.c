#include <stdio.h>
#include <limits.h>
int main(void) {
    unsigned u = UINT_MAX;
    u += 1;
    printf("%u\n", u);
    u = 0; u -= 1;
    printf("%u\n", u);
    unsigned char uc = 255; uc++;
    printf("%d\n", uc);
    unsigned short us = 0; us--;
    printf("%d\n", us);
    unsigned long long ull = 0; ull--;
    printf("%llu\n", ull);
    unsigned m = 65535u * 65537u;
    printf("%u\n", m);
    unsigned x = 3000000000u;
    printf("%u %u\n", x * 3, x + x);
    unsigned neg = -7;
    printf("%u %d\n", neg, (int)neg);
    unsigned char c = 300 & 0xff;
    printf("%d\n", c);
    return 0;
}

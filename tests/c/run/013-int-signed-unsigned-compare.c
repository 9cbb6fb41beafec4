#include <stdio.h>
int main(void) {
    int i = -1;
    unsigned u = 1;
    long l = -1;
    unsigned char uc = 200;
    signed char sc = -56;
    printf("%d\n", (unsigned)i > u);
    printf("%d\n", l < (long)u);
    printf("%d\n", uc == (unsigned char)sc);
    printf("%d\n", uc == sc);
    unsigned short us = 1;
    int m1 = -1;
    printf("%d\n", m1 < us);
    printf("%d\n", -1L < 1U);
    printf("%d\n", (long long)-1 < 1ULL);
    printf("%zu\n", sizeof(1 + 1u) + sizeof(1L + 1U) * 10);
    return 0;
}

#include <stdio.h>
int main(void) {
    unsigned char a = 200, b = 100;
    int r = a + b;
    printf("%d\n", r);
    unsigned char c = a + b;
    printf("%d\n", c);
    short s1 = 30000, s2 = 30000;
    int si = s1 + s2;
    printf("%d\n", si);
    printf("%zu %zu %zu\n", sizeof(a + b), sizeof(s1), sizeof(+s1));
    unsigned short us = 65535;
    printf("%d\n", us + us);
    printf("%u\n", (unsigned)us * us);
    char ch = 'A';
    printf("%zu %d\n", sizeof(ch + 1), ~ch);
    _Bool bb = 1;
    printf("%d %d\n", bb + bb, -bb);
    long l = 3;
    printf("%zu\n", sizeof(l * 2));
    unsigned x = 5;
    long long y = -10;
    printf("%lld\n", x + y);
    return 0;
}

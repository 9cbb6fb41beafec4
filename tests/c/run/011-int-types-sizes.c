#include <stdio.h>
int main(void) {
    printf("%zu %zu %zu %zu %zu %zu\n", sizeof(char), sizeof(short), sizeof(int), sizeof(long),
           sizeof(long long), sizeof(_Bool));
    char c = 'a'; signed char sc = -5; unsigned char uc = 250;
    short s = -1234; unsigned short us = 65000;
    int i = -100000; unsigned u = 4000000000u;
    long l = -5000000000L; unsigned long ul = 18000000000000000000UL;
    long long ll = -9000000000000000000LL; unsigned long long ull = 0xFFFFFFFFFFFFFFFFULL;
    _Bool b = 42;
    printf("%c %d %d %d %u %d %u %ld %lu %lld %llu %d\n", c, sc, uc, s, us, i, u, l, ul, ll, ull, b);
    printf("%hhd %hhu %hd %hu\n", sc, uc, s, us);
    return 0;
}

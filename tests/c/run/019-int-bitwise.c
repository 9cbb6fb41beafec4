#include <stdio.h>
static int popcount(unsigned x) { int n = 0; while (x) { n += x & 1; x >>= 1; } return n; }
int main(void) {
    unsigned a = 0xF0F0F0F0u, b = 0x0FF00FF0u;
    printf("%08x %08x %08x %08x\n", a & b, a | b, a ^ b, ~a);
    int x = -1;
    printf("%d %d\n", x & 0xFF, x ^ 0x0F);
    printf("%d %d %d\n", popcount(a), popcount(0), popcount(~0u));
    unsigned v = 0;
    v |= 1u << 3; v |= 1u << 7; v &= ~(1u << 3); v ^= 0xFF;
    printf("%u\n", v);
    long long m = 0x5555555555555555LL;
    printf("%llx\n", ((unsigned long long)m << 1 | (unsigned long long)m));
    return 0;
}

#include <stdio.h>
#include <stdint.h>
int main(void) {
    unsigned u = 1;
    printf("%u %u %u\n", u << 31, (u << 31) >> 31, 0xF0u >> 4);
    int n = -16;
    printf("%d %d\n", n >> 2, n >> 4);
    int p = 1;
    printf("%d %d\n", p << 30, 7 << 2);
    unsigned long long x = 1ULL << 63;
    printf("%llu %llu\n", x, x >> 60);
    long long y = -(1LL << 40);
    printf("%lld\n", y >> 8);
    unsigned char c = 0x81;
    printf("%d %d\n", c << 1, (unsigned char)(c << 1));
    int sh = 5;
    printf("%d %u\n", 1000 >> sh, 0xFFFFFFFFu >> sh);
    uint32_t r = 0x12345678u;
    printf("%08x\n", (r << 8) | (r >> 24));
    return 0;
}

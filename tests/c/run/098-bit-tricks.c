#include <stdio.h>
#include <stdint.h>
static unsigned reverse_bits(unsigned x) {
    x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
    x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
    x = ((x >> 4) & 0x0F0F0F0Fu) | ((x & 0x0F0F0F0Fu) << 4);
    x = ((x >> 8) & 0x00FF00FFu) | ((x & 0x00FF00FFu) << 8);
    return (x >> 16) | (x << 16);
}
static int clz32(uint32_t x) { int n = 0; if (!x) return 32; while (!(x & 0x80000000u)) { x <<= 1; n++; } return n; }
static uint32_t next_pow2(uint32_t v) { v--; v |= v >> 1; v |= v >> 2; v |= v >> 4; v |= v >> 8; v |= v >> 16; return v + 1; }
int main(void) {
    printf("%08x %08x\n", reverse_bits(1u), reverse_bits(0x12345678u));
    printf("%d %d %d\n", clz32(1), clz32(0x00F00000u), clz32(0));
    printf("%u %u %u\n", next_pow2(5), next_pow2(1024), next_pow2(1025));
    int x = -37;
    int mask = x >> 31;
    printf("%d %d\n", (x + mask) ^ mask, x & -x);
    unsigned v = 0xB6u;
    printf("%u %d\n", v & (v - 1), (v & (v - 1)) == 0);
    int a = 11, b = 29;
    a ^= b; b ^= a; a ^= b;
    printf("%d %d\n", a, b);
    uint8_t bytes[4] = {0x78, 0x56, 0x34, 0x12};
    uint32_t le = (uint32_t)bytes[0] | (uint32_t)bytes[1] << 8 | (uint32_t)bytes[2] << 16 | (uint32_t)bytes[3] << 24;
    printf("%08x\n", le);
    return 0;
}

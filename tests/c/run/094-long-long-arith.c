#include <stdio.h>
#include <stdint.h>
static uint64_t mulmod(uint64_t a, uint64_t b, uint64_t m) {
    uint64_t r = 0;
    a %= m;
    while (b) { if (b & 1) r = (r + a) % m; a = (a * 2) % m; b >>= 1; }
    return r;
}
static uint64_t powmod(uint64_t b, uint64_t e, uint64_t m) { uint64_t r = 1; while (e) { if (e & 1) r = mulmod(r, b, m); b = mulmod(b, b, m); e >>= 1; } return r; }
int main(void) {
    uint64_t h = 1469598103934665603ULL;
    for (const char *s = "fnv-1a hash"; *s; s++) { h ^= (unsigned char)*s; h *= 1099511628211ULL; }
    printf("%016llx\n", (unsigned long long)h);
    printf("%llu\n", (unsigned long long)powmod(2, 1000000, 1000000007ULL));
    int64_t a = -1234567890123LL, b = 987654321LL;
    printf("%lld %lld %lld %lld\n", (long long)(a * 3), (long long)(a / b), (long long)(a % b), (long long)(a >> 3));
    uint64_t x = 0xFFFFFFFFFFFFFFFFULL;
    printf("%llu %llu\n", (unsigned long long)(x * x), (unsigned long long)(x / 3));
    uint32_t lo = (uint32_t)x, hi = (uint32_t)(x >> 32);
    printf("%u %u\n", lo, hi);
    long long mn = INT64_MIN;
    printf("%lld %lld\n", mn + 1, mn % 7);
    return 0;
}

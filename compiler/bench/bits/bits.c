/* The bit builtins in the loops that use them: a match length counted eight bytes at a time
   with ctzll (lz4's LZ4_count), big-endian loads through bswap32/64 (hashing network-order
   data), log2 through clzll and population counts over a bitmap. Prints checksums. */
#include <stdio.h>
#include <string.h>

#define N (1 << 16)
static unsigned char buf[N + 64];

static unsigned common(const unsigned char *a, const unsigned char *b, const unsigned char *end) {
    const unsigned char *start = a;
    while (a + 8 <= end) {
        unsigned long long p, q;
        memcpy(&p, a, 8);
        memcpy(&q, b, 8);
        unsigned long long d = p ^ q;
        if (d) return (unsigned)(a - start) + (unsigned)(__builtin_ctzll(d) >> 3);
        a += 8;
        b += 8;
    }
    return (unsigned)(a - start);
}

int main(void) {
    unsigned long long s = 88172645463325252ULL;
    for (int i = 0; i < N + 64; i++) {
        s ^= s << 13, s ^= s >> 7, s ^= s << 17;
        buf[i] = (unsigned char)(i % 251 < 200 ? i % 7 : s); /* long repeats with breaks */
    }
    unsigned long long matches = 0, hash = 0, logs = 0, pop = 0;
    for (int rep = 0; rep < 3000; rep++) {
        int d = 7 * (1 + rep % 3), o = rep % 5; /* the offsets change, so no pass repeats the last */
        for (int i = o; i + d < N; i += 7) matches += common(buf + i, buf + i + d, buf + N);
        for (int i = o; i + 8 <= N; i += 4) {
            unsigned w;
            unsigned long long v;
            memcpy(&w, buf + i, 4);
            memcpy(&v, buf + i, 8);
            hash = (hash ^ __builtin_bswap32(w)) * 0x9E3779B1u + __builtin_bswap64(v);
            logs += 63 - __builtin_clzll(v | 1);
            pop += __builtin_popcountll(v) + __builtin_popcount(w);
        }
    }
    printf("%llu %016llx %llu %llu\n", matches, hash, logs, pop);
    return 0;
}

// ORACLE: clang-19
/* _BitInt(N) where programs use it: exact-width arithmetic in loops that the optimiser meets.
   A CRC-24 (OpenPGP's) in unsigned _BitInt(24), a 48-bit linear congruential generator (drand48's
   constants) that wraps at 48 bits by itself, a 96-bit accumulator of products, bit counting
   and reversal in unsigned _BitInt(13), a saturating 12-bit sample mixer, and a 5-bit ring buffer
   index that wraps without a mask. */
#include <stdio.h>
#include <string.h>

typedef unsigned _BitInt(24) crc24;
typedef unsigned _BitInt(48) u48;
typedef unsigned _BitInt(96) u96;
typedef unsigned _BitInt(13) u13;
typedef _BitInt(12) sample;

static crc24 crc24_update(crc24 crc, const unsigned char *p, size_t n) {
    while (n--) {
        crc ^= (crc24)*p++ << 16;
        for (int i = 0; i < 8; i++) {
            _Bool top = crc >> 23;
            crc <<= 1; /* the 24th bit falls off by itself */
            if (top) crc ^= 0x864CFB;
        }
    }
    return crc;
}

static u48 lcg_state;
static u48 lcg_next(void) {
    lcg_state = lcg_state * (u48)0x5DEECE66D + 0xB; /* mod 2^48 */
    return lcg_state;
}

static int popcount13(u13 v) {
    int c = 0;
    for (; v; v &= v - 1) c++;
    return c;
}

static u13 reverse13(u13 v) {
    u13 r = 0;
    for (int i = 0; i < 13; i++, v >>= 1) r = (r << 1) | (v & 1);
    return r;
}

static sample mix(sample a, sample b) {
    int s = (int)a + (int)b;
    if (s > 2047) return 2047;
    if (s < -2048) return -2048;
    return (sample)s;
}

int main(void) {
    const char *msg = "The quick brown fox jumps over the lazy dog";
    crc24 c = crc24_update(0xB704CE, (const unsigned char *)msg, strlen(msg));
    printf("crc24 %06x\n", (unsigned)c);
    lcg_state = (u48)0x1234ABCD330E;
    u96 acc = 0;
    unsigned long long x = 0;
    for (int i = 0; i < 1000; i++) {
        u48 r = lcg_next();
        acc += (u96)r * r;
        x ^= (unsigned long long)r;
    }
    printf("lcg %012llx %016llx\n", (unsigned long long)lcg_state, x);
    printf("acc %08llx%016llx\n", (unsigned long long)(acc >> 64), (unsigned long long)acc);
    int total = 0;
    unsigned rev = 0;
    for (u13 v = 1; v != 0; v++) { /* all 8191 non-zero 13-bit values, then v wraps to 0 */
        total += popcount13(v);
        rev = rev * 31 + (unsigned)reverse13(v);
    }
    printf("bits %d rev %08x\n", total, rev);
    sample s = 0;
    long sum = 0;
    for (int i = 0; i < 200; i++) {
        s = mix(s, (sample)((i * 37) % 1000 - 300));
        sum += s;
    }
    printf("mix %d %ld\n", (int)s, sum);
    int ring[32] = {0};
    unsigned _BitInt(5) head = 0;
    for (int i = 0; i < 100; i++) ring[head++] += i;
    unsigned long check = 0;
    for (int i = 0; i < 32; i++) check = check * 7 + ring[i];
    printf("ring %d %lu\n", (int)head, check);
    return 0;
}

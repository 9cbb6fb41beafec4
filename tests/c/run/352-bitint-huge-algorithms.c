// ORACLE: clang-19
// FLAGS: -std=c23
/* _BitInt(N), N > 128, in algorithms (compared at -O0 and -O2): modular exponentiation and a
   Miller-Rabin test on 255-bit numbers in 512-bit products (2^255 - 19 is prime, its neighbours
   are not), decimal printing by repeated division, Fibonacci numbers to F(900) in 640 bits with
   a loop counter of _BitInt type, a population count by shifts and a 256-bit xorshift generator. */
#include <stdio.h>

typedef unsigned _BitInt(256) u256;
typedef unsigned _BitInt(512) u512;
typedef unsigned _BitInt(640) u640;

static u256 mulmod(u256 a, u256 b, u256 m) { return (u256)((u512)a * b % m); }

static u256 powmod(u256 b, u256 e, u256 m) {
    u256 r = 1;
    b %= m;
    while (e) {
        if (e & 1) r = mulmod(r, b, m);
        b = mulmod(b, b, m);
        e >>= 1;
    }
    return r;
}

static int probablyPrime(u256 n) {
    if (n < 4) return n == 2 || n == 3;
    if (!(n & 1)) return 0;
    u256 d = n - 1;
    int s = 0;
    while (!(d & 1)) {
        d >>= 1;
        s++;
    }
    static const unsigned bases[] = {2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37};
    for (int i = 0; i < 12; i++) {
        u256 a = bases[i] % n;
        if (a == 0) continue;
        u256 x = powmod(a, d, n);
        if (x == 1 || x == n - 1) continue;
        int composite = 1;
        for (int r = 1; r < s && composite; r++) {
            x = mulmod(x, x, n);
            if (x == n - 1) composite = 0;
        }
        if (composite) return 0;
    }
    return 1;
}

/* Decimal digits of v, 19 at a time. */
static void decimal(u640 v) {
    unsigned long long parts[40];
    int n = 0;
    const u640 base = 10000000000000000000u;
    do {
        parts[n++] = (unsigned long long)(v % base);
        v /= base;
    } while (v);
    printf("%llu", parts[--n]);
    while (n > 0) printf("%019llu", parts[--n]);
    printf("\n");
}

static int popcount(u640 v) {
    int c = 0;
    for (; v; v >>= 1) c += (int)(v & 1);
    return c;
}

int main(void) {
    u256 p = ((u256)1 << 255) - 19;
    printf("%d %d %d %d\n", probablyPrime(p), probablyPrime(p - 2), probablyPrime(p + 2), probablyPrime(97));
    decimal(p);
    decimal(powmod(3, p - 1, p)); /* Fermat: 1 */
    decimal(powmod(12345678901234567890u, (u256)1 << 200, p));

    u640 a = 0, b = 1;
    for (_BitInt(12) i = 0; i < 900; i++) {
        u640 t = a + b;
        a = b;
        b = t;
        if (i % 300 == 299) decimal(a);
    }
    printf("%d %d\n", popcount(a), popcount(~a));

    u256 x = 0x9e3779b97f4a7c15u;
    x = x << 128 | 0xbf58476d1ce4e5b9u;
    unsigned long long acc = 0;
    for (int i = 0; i < 1000; i++) {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        acc += (unsigned long long)(x >> 192) ^ (unsigned long long)x;
    }
    printf("%016llx\n", acc);
    decimal(x);
    return 0;
}

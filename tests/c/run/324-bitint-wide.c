// ORACLE: clang-19
/* _BitInt(N) for 64 < N <= 128 (16 bytes, aligned to 8 on x86-64, kept in __int128's two
   words): wrap-around of unsigned _BitInt(N) at N bits after +, -, *, <<, - and ~, ++ and
   --, compound assignment; signed values sign-extended from bit N; truncation from __int128 and
   from wider _BitInts; division and remainder; shifts; comparisons; conversions to and from
   double and narrower types; constant expressions folded at N bits. Printed as two 64-bit words. */
#include <stdio.h>

typedef unsigned _BitInt(65) u65;
typedef _BitInt(65) s65;
typedef unsigned _BitInt(100) u100;
typedef _BitInt(100) s100;
typedef unsigned _BitInt(127) u127;
typedef _BitInt(128) s128;
typedef unsigned __int128 u128;

static void show(const char *what, u128 v) {
    printf("%-24s %016llx %016llx\n", what, (unsigned long long)(v >> 64), (unsigned long long)v);
}
#define S(e) show(#e, (u128)(e))

static const u100 k1 = (u100)-1;           /* folded at 100 bits */
static const s100 k2 = (s100)((u128)1 << 99); /* the most negative _BitInt(100) */
static u65 k3 = (u65)3 << 64;

static s100 twice(s100 v) { return v + v; }
static u65 square(u65 v) { return v * v; }

int main(int argc, char **argv) {
    (void)argv;
    int one = argc - 3;
    S(k1);
    S(k2);
    S(k3);
    u65 a = (u65)-1 * one;
    S(a);
    S(a + 1);
    S(a + one + one);
    S(a * a);
    S(square(a));
    S(a << 3);
    S(a >> 60);
    S(-a);
    S(~a);
    S(a / 3);
    S(a % 1000);
    a++;
    S(a);
    a--;
    S(a);
    a += (u65)7 << 62;
    S(a);
    a *= 5;
    S(a);
    s65 b = (s65)((u128)1 << 63) * one; /* 2^63 is positive in 65 bits */
    S(b);
    S((b - 1) * 2 + 1);
    S(-b * 2);
    S(b >> 10);
    S(b / -3);
    S(b % 7);
    S((s65)((u128)1 << 64)); /* truncates to the most negative */
    S((s65)(((u128)1 << 64) + 5 * one));
    u100 c = ((u100)1 << 99) * one;
    S(c);
    S(c + c);
    S(c * 3);
    S(c >> 97);
    S(c - 1);
    S((u100)(-(u128)1 * one));
    s100 d = -(s100)1 * one;
    S(d);
    S(twice(d));
    S(d >> 99);
    S((s100)((u128)0xFFF << 96) * one);
    S((s100)(((u128)1 << 99) * one));
    u127 e = (u127)-1 * one;
    S(e);
    S(e + 1);
    S(e * e);
    S(e << 100);
    s128 f = (s128)(((u128)1 << 127) - one);
    S(f);
    S(f / 3);
    S(f % 1000000007);
    S(-(f / 5));
    printf("%d %d %d %d\n", a < b, b < 0, d < 0, c > (u100)d);
    printf("%d %d %d\n", (s65)-1 < (s65)0, (u65)-1 > (u65)0, (s100)-1 == (s100)((u128)-1 * one));
    double x = (double)c;
    printf("%.17g %.17g %.17g\n", x, (double)d, (double)(s65)b);
    u100 fromd = (u100)(1e29 * one);
    S(fromd);
    s65 neg = (s65)(-1e18 * one);
    S(neg);
    printf("%lld %llu %d\n", (long long)d, (unsigned long long)a, (int)(unsigned char)e);
    printf("%d\n", _Generic(a + b, s65: 1, u65: 2, default: 3));
    printf("%d\n", _Generic(c + d, u100: 1, s100: 2, default: 3));
    printf("%d\n", _Generic(c + (u128)1, u128: 1, u100: 2, default: 3));
    printf("%d\n", _Generic(a + 1ul, u65: 1, unsigned long: 2, default: 3));
    printf("%d %d\n", (int)sizeof(s100), (int)_Alignof(u127));
    return 0;
}

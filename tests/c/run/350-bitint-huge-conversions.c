// ORACLE: clang-19
// FLAGS: -std=c23
/* Conversions of _BitInt(N), N > 128: from and to every standard integer type, __int128 and
   narrower _BitInts (sign- and zero-extension, truncation), between wide widths, to and from
   float and double (integers to floating round to nearest even; floating to integers truncate),
   _Bool and the truth value in if, ?:, !, && and ||, the usual arithmetic conversions by width
   (checked with _Generic), and integer promotions that do not apply. */
#include <stdio.h>
#include <string.h>

typedef _BitInt(300) s300;
typedef unsigned _BitInt(300) u300;
typedef _BitInt(160) s160;
typedef unsigned _BitInt(130) u130;

static void words(const char *what, const void *p, size_t size) {
    unsigned long long w[8];
    memcpy(w, p, size);
    printf("%-22s", what);
    for (size_t i = size / 8; i-- > 0;) printf(" %016llx", w[i]);
    printf("\n");
}
#define W(x) do { __typeof__(x) v_ = (x); words(#x, &v_, sizeof v_); } while (0)
#define KIND(x) _Generic((x), s300: "s300", u300: "u300", s160: "s160", u130: "u130", \
                         int: "int", long: "long", unsigned long: "unsigned long", default: "other")

int main(void) {
    signed char sc = -5;
    unsigned char uc = 250;
    short ss = -30000;
    unsigned short us = 65000;
    int si = -2000000000;
    unsigned ui = 4000000000u;
    long sl = -9000000000000000000;
    unsigned long ul = 18000000000000000000ul;
    __int128 i128 = -((__int128)1 << 120);
    unsigned __int128 u128 = ~(unsigned __int128)0;
    _BitInt(77) b77 = -12345;
    unsigned _BitInt(77) ub77 = (unsigned _BitInt(77))-1;

    W((s300)sc); W((u300)sc); W((s300)uc); W((s300)ss); W((u300)us); W((s300)si); W((u300)ui);
    W((s300)sl); W((u300)sl); W((s300)ul); W((s300)i128); W((u300)i128); W((s300)u128);
    W((s300)b77); W((u300)b77); W((s300)ub77); W((s160)(_Bool)1);

    s300 x = -((s300)0x123456789abcdefll << 200) - 987654321;
    printf("%d %u %d %u %d %u %ld %lu\n", (signed char)x, (unsigned char)x, (short)x, (unsigned short)x, (int)x,
           (unsigned)x, (long)x, (unsigned long)x);
    __int128 t128 = (__int128)x;
    W(t128);
    W((unsigned _BitInt(77))x);
    W((s160)x);
    W((u130)x);
    W((s300)(s160)x);
    W((u300)(u130)x);
    W((s160)(u300)x);
    W((s300)(u130)(s160)-1);

    /* floating: round to nearest even at 53 and 24 bits */
    s300 big = ((s300)1 << 200) + ((s300)1 << 147); /* a tie at 53 bits: rounds to even (down) */
    printf("%a %a\n", (double)big, (double)(big + 1));
    printf("%a %a\n", (double)(big + ((s300)1 << 148)), (double)-big);
    printf("%a %a\n", (float)((s300)1 << 100) + 0.0, (float)(((s300)1 << 100) + ((s300)1 << 76)) + 0.0);
    printf("%a %a\n", (float)(((s300)1 << 100) + ((s300)3 << 76)) + 0.0, (float)((u130)-1 >> 10) + 0.0);
    printf("%a %a\n", (double)(u300)-1, (double)(s300)-1);
    W((s300)1e80);
    W((s300)-1.5e80);
    W((u300)123456789.987);
    W((s300)-0.75);
    W((s300)3.0e38f);
    W((u130)6.8e38);

    /* truth values */
    s300 z = 0, one = -1;
    s300 hi = (s300)1 << 250;
    printf("%d %d %d %d %d\n", !z, !hi, z ? 1 : 2, hi ? 3 : 4, (_Bool)hi);
    printf("%d %d %d\n", z || hi, z && hi, hi && one);
    if (hi) puts("hi is true");
    while (hi) hi >>= 100;
    W(hi);

    /* the usual arithmetic conversions go by width; no integer promotions */
    s160 a = 1;
    u130 b = 2;
    printf("%s %s %s %s\n", KIND(a + b), KIND(b + b), KIND(a + 1), KIND(b * 1ul));
    printf("%s %s %s\n", KIND(x + a), KIND((u300)1 - a), KIND(-b));
    printf("%zu %zu\n", sizeof(+b), sizeof(b << 1));
    return 0;
}

/* __float128 conversions: from and to every integer type (__int128 included, values past 2^64
   and past 2^113, where rounding starts), float, double and _Float16, each rounded once (ties to
   even, subnormals, overflow to infinity), truncation toward zero to integers, _Bool, the usual
   arithmetic conversions with mixed operands, static initialisers converted at compile time and
   the same conversions at run time. Values are printed through their bits. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef __float128 quad;

static void show(const char *what, quad x) {
    uint64_t w[2];
    memcpy(w, &x, sizeof w);
    printf("%-14s %016llx %016llx\n", what, (unsigned long long)w[1], (unsigned long long)w[0]);
}

static void dbits(const char *what, double d) {
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    printf("%-14s %016llx %.17g\n", what, (unsigned long long)u, d);
}

static void fbits(const char *what, float f) {
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    printf("%-14s %08x %.9g\n", what, (unsigned)u, (double)f);
}

static void hbits(const char *what, _Float16 h) {
    uint16_t u;
    memcpy(&u, &h, sizeof u);
    printf("%-14s %04x %.6g\n", what, (unsigned)u, (double)h);
}

static void i128(const char *what, __int128 v) {
    unsigned __int128 u = (unsigned __int128)v;
    printf("%-14s %016llx %016llx\n", what, (unsigned long long)(u >> 64), (unsigned long long)u);
}

/* converted by the compiler */
static quad s_char = (signed char)-100;
static quad s_ull = 18446744073709551615ULL;
static quad s_ll = -9223372036854775807LL - 1;
static quad s_double = 0.1;
static quad s_float = 0.1f;
static quad s_i128 = (__int128)1 << 120;
static double s_back = 0.1q;
static float s_backf = 0.1q;
static long long s_trunc = (long long)-2.999q;
static unsigned long long s_big = (unsigned long long)1.8e19q;

int main(void) {
    volatile int vol = 1; /* keeps the run-time conversions at run time */
    show("s_char", s_char);
    show("s_ull", s_ull);
    show("s_ll", s_ll);
    show("s_double", s_double);
    show("s_float", s_float);
    show("s_i128", s_i128);
    dbits("s_back", s_back);
    fbits("s_backf", s_backf);
    printf("s_trunc %lld s_big %llu\n", s_trunc, s_big);

    /* every integer type in */
    signed char sc = (signed char)(-128 * vol);
    unsigned char uc = (unsigned char)(255 * vol);
    short ss = (short)(-32768 * vol);
    unsigned short us = (unsigned short)(65535 * vol);
    int si = -2147483647 * vol - 1;
    unsigned ui = 4294967295u * (unsigned)vol;
    long sl = -9223372036854775807L * vol - 1;
    unsigned long ul = 18446744073709551615UL * (unsigned long)vol;
    long long sll = 123456789012345678LL * vol;
    unsigned long long ull = 9007199254740993ULL * (unsigned long long)vol; /* 2^53 + 1: exact in binary128 */
    _Bool b = vol;
    show("schar", sc);
    show("uchar", uc);
    show("short", ss);
    show("ushort", us);
    show("int", si);
    show("uint", ui);
    show("long", sl);
    show("ulong", ul);
    show("llong", sll);
    show("ullong", ull);
    show("bool", b);

    /* __int128 in, rounding past 113 bits (ties to even) */
    __int128 big = ((__int128)1 << 114) * vol + 1;
    __int128 tie = ((__int128)1 << 114) * vol + 2;
    __int128 tie2 = ((__int128)1 << 114) * vol + 6;
    __int128 neg = -(((__int128)1 << 126) * vol) - 12345;
    unsigned __int128 umax = ~(unsigned __int128)0 * (unsigned)vol;
    show("i128 2^114+1", big);
    show("i128 2^114+2", tie);
    show("i128 2^114+6", tie2);
    show("i128 neg", neg);
    show("u128 max", umax);

    /* and out, truncated toward zero */
    quad q = 1234567.89q * vol;
    quad nq = -q;
    printf("to int %d %d uint %u llong %lld ullong %llu short %d char %d uchar %u bool %d %d\n", (int)q, (int)nq,
           (unsigned)q, (long long)nq, (unsigned long long)q, (short)(q / 100), (signed char)(nq / 10000),
           (unsigned char)(q / 10000), (_Bool)q, (_Bool)(q - q));
    quad huge = 1e38q * vol;
    i128("to i128", (__int128)huge);
    i128("to -i128", (__int128)-huge);
    i128("to u128", (__int128)(unsigned __int128)(huge * 3));
    unsigned long long top = (unsigned long long)(18446744073709551615.0q * vol);
    printf("to ullong max %llu\n", top);

    /* to double, float, _Float16: rounded once */
    quad third = (quad)vol / 3;
    dbits("third", (double)third);
    fbits("third", (float)third);
    hbits("third", (_Float16)third);
    quad tie_d = (1 + 0x1p-53q) * vol; /* halfway between two doubles: to even */
    quad above_d = (1 + 0x1p-53q + 0x1p-100q) * vol;
    dbits("tie", (double)tie_d);
    dbits("above", (double)above_d);
    dbits("overflow", (double)(1e309q * vol));
    dbits("subnormal", (double)(0x1.8p-1074q * vol));
    dbits("underflow", (double)(0x1p-1076q * vol));
    dbits("-underflow", (double)(-0x1p-1076q * vol));
    fbits("f tie", (float)((1 + 0x1p-24q) * vol));
    fbits("f above", (float)((1 + 0x1p-24q + 0x1p-60q) * vol));
    fbits("f overflow", (float)(1e39q * vol));
    fbits("f subnormal", (float)(0x1.8p-149q * vol));
    hbits("h tie", (_Float16)((1 + 0x1p-11q) * vol));
    hbits("h above", (_Float16)((1 + 0x1p-11q + 0x1p-40q) * vol));
    hbits("h overflow", (_Float16)(65520.0q * vol));
    hbits("h max", (_Float16)(65519.0q * vol));
    hbits("h subnormal", (_Float16)(0x1.8p-24q * vol));

    /* floating types in: exact */
    double d = 0.1 * vol;
    float f = 0.1f * (float)vol;
    _Float16 h = (_Float16)(0.1f * (float)vol);
    show("from double", d);
    show("from float", f);
    show("from half", h);
    show("from dmin", 0x1p-1074 * vol);
    show("from dmax", 1.7976931348623157e308 * vol);

    /* mixed operands: the usual arithmetic conversions take __float128 */
    show("q+int", third + vol);
    show("q*double", third * d);
    show("q-float", third - f);
    show("ull/q", ull / third);
    show("i128*q", big * third);
    printf("cmp %d %d %d\n", third < 0.33333333333333334, third > 0.3333333333333333, (double)third == 1.0 / 3);
    return 0;
}

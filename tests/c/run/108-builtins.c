/* The __builtin_* functions headers and libraries use, with run-time operands (from argc, so
   nothing is folded) and with constant ones; math.h's classification macros on every class. */
#include <stdio.h>
#include <math.h>
#include <float.h>
#include <string.h>

static volatile unsigned vu = 0x12345678u;
static volatile unsigned long long vull = 0x0123456789abcdefULL;

int main(int argc, char **argv) {
    unsigned x = vu + (unsigned)argc - 4;           /* 0x12345678 with the harness's 3 arguments */
    unsigned long long y = vull + (unsigned long long)argc - 4;
    printf("bswap %04x %08x %016llx\n", __builtin_bswap16((unsigned short)x), __builtin_bswap32(x), (unsigned long long)__builtin_bswap64(y));
    printf("bswap const %08x\n", __builtin_bswap32(0xaabbccddu));
    printf("clz %d %d %d ctz %d %d %d\n", __builtin_clz(x), __builtin_clzl(1UL << 40), __builtin_clzll(y),
           __builtin_ctz(x), __builtin_ctzl(y << 7), __builtin_ctzll(1ULL << 63));
    printf("popcount %d %d %d parity %d %d\n", __builtin_popcount(x), __builtin_popcountl(y), __builtin_popcountll(~0ULL),
           __builtin_parity(x), __builtin_parityll(y));
    int zero = argc - 4;
    printf("ffs %d %d %d %d\n", __builtin_ffs(zero), __builtin_ffs((int)x), __builtin_ffsl(-8L), __builtin_ffsll((long long)(y << 20)));
    printf("clrsb %d %d %d\n", __builtin_clrsb(zero), __builtin_clrsb(-1 + zero), __builtin_clrsbll(-256LL + zero));
    double vals[] = { 0.0, -0.0, 1.5, -2.25, DBL_MIN / 4, DBL_MAX, INFINITY, -INFINITY, NAN };
    for (int i = 0; i < (int)(sizeof vals / sizeof vals[0]); i++) {
        double v = vals[i] + zero;
        printf("%d: nan %d inf %d finite %d normal %d sign %d class %d infsign %d\n", i, isnan(v) != 0, isinf(v) != 0,
               isfinite(v) != 0, isnormal(v) != 0, signbit(v) != 0, fpclassify(v), __builtin_isinf_sign(v));
    }
    float f = -3.0f + (float)zero;
    printf("float: sign %d class %d finite %d\n", signbit(f) != 0, fpclassify(f), isfinite(f) != 0);
    double n = NAN + zero, one = 1.0 + zero;
    printf("quiet %d %d %d %d %d %d\n", isgreater(n, one), isgreaterequal(one, one), isless(one, n), islessequal(one, 2.0),
           islessgreater(one, 2.0), isunordered(n, one));
    printf("huge %d %d %d\n", __builtin_huge_val() == HUGE_VAL, __builtin_inff() > FLT_MAX, __builtin_nan("") != __builtin_nan(""));
    char buf[10];
    struct { int a; char b[6]; } s;
    char *p = buf + argc;
    printf("object_size %zu %zu %zu %zu %zu %zu\n", __builtin_object_size(buf, 0), __builtin_object_size(buf + 3, 0),
           __builtin_object_size(&s.b, 0), __builtin_object_size(&s.b, 1), __builtin_object_size(p, 0), __builtin_object_size(p, 2));
    printf("constant_p %d %d %d\n", __builtin_constant_p(42), __builtin_constant_p(argc), __builtin_constant_p(3 * 7 + 1));
    printf("classify %d %d %d %d\n", __builtin_classify_type(argc), __builtin_classify_type(1.0), __builtin_classify_type(p),
           __builtin_classify_type(s));
    char *mem = __builtin_alloca(32 + argc);
    __builtin_memset(mem, 'x', 8);
    mem[8] = 0;
    printf("alloca %s %zu\n", mem, __builtin_strlen(mem));
    if (__builtin_expect(argc > 100, 0)) __builtin_trap();
    printf("expect %ld\n", __builtin_expect((long)argc, 4L));
    return 0;
}

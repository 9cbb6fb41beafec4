// ORACLE: clang-19
/* C23 _BitInt(N) types (clang's extension in every C mode; gcc 12 has none, so clang-19 is the
   oracle): sizes and alignments on x86-64 for many N, _Generic on the types of the usual
   arithmetic conversions (no promotion to int, rank by width, a standard type outranks the
   _BitInt of its width), typedefs, qualifiers, and BITINT_MAXWIDTH's relation to the types. */
#include <limits.h>
#include <stdio.h>

#define SHOW(N)                                                                                     \
    printf("%3d: %2zu %zu  %2zu %zu\n", N, sizeof(_BitInt(N)), _Alignof(_BitInt(N)),                \
           sizeof(unsigned _BitInt(N)), _Alignof(unsigned _BitInt(N)))

#define KIND(e)                                                                                     \
    _Generic((e),                                                                                   \
        int: "int",                                                                                 \
        unsigned: "unsigned",                                                                       \
        long: "long",                                                                               \
        unsigned long: "unsigned long",                                                             \
        long long: "long long",                                                                     \
        unsigned long long: "unsigned long long",                                                   \
        double: "double",                                                                           \
        float: "float",                                                                             \
        _BitInt(3): "_BitInt(3)",                                                                   \
        unsigned _BitInt(3): "unsigned _BitInt(3)",                                                 \
        _BitInt(7): "_BitInt(7)",                                                                   \
        _BitInt(9): "_BitInt(9)",                                                                   \
        unsigned _BitInt(8): "unsigned _BitInt(8)",                                                 \
        _BitInt(32): "_BitInt(32)",                                                                 \
        unsigned _BitInt(32): "unsigned _BitInt(32)",                                               \
        _BitInt(33): "_BitInt(33)",                                                                 \
        unsigned _BitInt(33): "unsigned _BitInt(33)",                                               \
        _BitInt(64): "_BitInt(64)",                                                                 \
        unsigned _BitInt(64): "unsigned _BitInt(64)",                                               \
        _BitInt(65): "_BitInt(65)",                                                                 \
        unsigned _BitInt(100): "unsigned _BitInt(100)",                                             \
        _BitInt(128): "_BitInt(128)",                                                               \
        default: "other")

typedef unsigned _BitInt(3) u3;
typedef const _BitInt(9) c9;

struct mix {
    char c;
    _BitInt(9) a;
    char d;
    _BitInt(33) b;
    char e;
    unsigned _BitInt(100) big;
    _BitInt(2) tiny;
};

int main(void) {
    SHOW(2);
    SHOW(7);
    SHOW(8);
    SHOW(9);
    SHOW(15);
    SHOW(16);
    SHOW(17);
    SHOW(31);
    SHOW(32);
    SHOW(33);
    SHOW(48);
    SHOW(63);
    SHOW(64);
    SHOW(65);
    SHOW(100);
    SHOW(127);
    SHOW(128);
    printf("unsigned _BitInt(1): %zu\n", sizeof(unsigned _BitInt(1)));
    printf("struct mix: %zu %zu, offsets %zu %zu %zu %zu\n", sizeof(struct mix), _Alignof(struct mix),
           __builtin_offsetof(struct mix, a), __builtin_offsetof(struct mix, b),
           __builtin_offsetof(struct mix, big), __builtin_offsetof(struct mix, tiny));
    _BitInt(3) s3 = 1;
    u3 v3 = 1;
    _BitInt(7) s7 = 1;
    _BitInt(9) s9 = 1;
    unsigned _BitInt(8) u8 = 1;
    _BitInt(32) s32 = 1;
    unsigned _BitInt(32) u32 = 1;
    _BitInt(33) s33 = 1;
    _BitInt(64) s64 = 1;
    _BitInt(65) s65 = 1;
    unsigned _BitInt(100) u100 = 1;
    c9 k9 = 5;
    printf("%s\n", KIND(s3));
    printf("%s\n", KIND(+s3));
    printf("%s\n", KIND(-v3));
    printf("%s\n", KIND(~v3));
    printf("%s\n", KIND(s3 + s3));
    printf("%s\n", KIND(s3 + v3));
    printf("%s\n", KIND(s3 + s7));
    printf("%s\n", KIND(s7 + s9));
    printf("%s\n", KIND(s7 + (char)1));
    printf("%s\n", KIND(s7 + 1));
    printf("%s\n", KIND(u8 + (signed char)1));
    printf("%s\n", KIND(s32 + 1));
    printf("%s\n", KIND(u32 + 1));
    printf("%s\n", KIND(s32 + 1u));
    printf("%s\n", KIND(u32 + s32));
    printf("%s\n", KIND(s33 + 1u));
    printf("%s\n", KIND(s33 + 1ul));
    printf("%s\n", KIND(s64 + 1l));
    printf("%s\n", KIND(s64 + 1ul));
    printf("%s\n", KIND(s64 + 1ll));
    printf("%s\n", KIND(s65 + 1ull));
    printf("%s\n", KIND(u100 + s65));
    printf("%s\n", KIND(u100 * (_BitInt(128))2));
    printf("%s\n", KIND(s3 << 1));
    printf("%s\n", KIND(1 << s3));
    printf("%s\n", KIND(s9 >> u100));
    printf("%s\n", KIND(s3 + 1.0f));
    printf("%s\n", KIND(s65 * 1.0));
    printf("%s\n", KIND(s3 < s3));
    printf("%s\n", KIND(!s3));
    printf("%s\n", KIND(k9));
    printf("%s\n", KIND(v3++));
    printf("%s\n", KIND(s7 += 1));
    printf("%s\n", KIND(s3 ? s3 : s3));
    printf("%s\n", KIND(s3 ? s3 : s7));
    printf("%s\n", KIND((u3)7));
    printf("%d\n", _Generic(s9, _BitInt(9): 1, short: 2, default: 3));
    printf("%d\n", _Generic(u8, unsigned _BitInt(8): 1, unsigned char: 2, default: 3));
    printf("%d\n", _Generic(s64, _BitInt(64): 1, long: 2, default: 3));
    printf("%d %d\n", __BITINT_MAXWIDTH__ >= 128, (int)sizeof(_BitInt(__BITINT_MAXWIDTH__ < 128 ? 2 : 128)));
    printf("%d\n", (int)(s3 + v3 + s7 + s9 + u8 + s32 + u32 + s33 + s64 + s65 + u100 + k9));
    return 0;
}

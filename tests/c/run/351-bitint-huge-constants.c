// ORACLE: clang-19
// FLAGS: -std=c23
/* Constants of _BitInt(N), N > 128: wb and uwb literals of more than 64 and 128 bits (decimal,
   hex, octal, binary; their type is the narrowest _BitInt that holds them),
   constant folding in the front end (static initializers of scalars, arrays and structs,
   _Static_assert, array sizes, case labels and GNU case ranges), BITINT_MAXWIDTH, and a constant
   in an expression at run time. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

static void words(const char *what, const void *p, size_t size) {
    unsigned long long w[8];
    memcpy(w, p, size);
    printf("%-8s", what);
    for (size_t i = size / 8; i-- > 0;) printf(" %016llx", w[i]);
    printf("\n");
}
#define W(x) do { __typeof__(x) v_ = (x); words(#x, &v_, sizeof v_); } while (0)

#define BIG 0x123456789abcdef00fedcba987654321111122223333444455555wb
#define DEC 115792089237316195423570985008687907853269984665640564039457584007913129639935uwb

_Static_assert(sizeof(BIG) == 32 && _Generic(BIG, _BitInt(210): 1, default: 0), "BIG is _BitInt(210)");
_Static_assert(_Generic(DEC, unsigned _BitInt(256): 1, default: 0), "DEC is unsigned _BitInt(256)");
_Static_assert(DEC + 1 == 0, "wraps at 256 bits");
_Static_assert((BIG >> 200) == 0x123wb && (BIG & 0xffff) == 0x5555, "shifts and masks fold");
_Static_assert((_BitInt(300))BIG * 3 / 3 == BIG && -BIG < 0 && (BIG ^ BIG) == 0, "arithmetic folds");
_Static_assert(BITINT_MAXWIDTH == 8388608 && __BITINT_MAXWIDTH__ == BITINT_MAXWIDTH, "clang's limit");
_Static_assert((unsigned _BitInt(300))-1 > DEC, "width rules");

typedef _BitInt(256) s256;
typedef unsigned _BitInt(256) u256;

static const s256 folded = (s256)BIG * 1000 / 7 - (BIG % 1000) + ((s256)1 << 254);
static u256 table[4] = {DEC, DEC / 3, (u256)0b1111wb << 250, 0777777777777777777777777777777777777777777uwb};
static struct {
    int tag;
    _BitInt(129) v;
    unsigned _BitInt(1000) w;
} rec = {7, -0x100000000000000000000000000000000wb, (unsigned _BitInt(1000))1 << 999};
char sized[(int)(BIG >> 198)]; /* 0x48c: an integer constant expression */

static int classify(s256 v) {
    switch (v) {
    case 0:
        return 0;
    case -1:
        return 1;
    case BIG:
        return 2;
    case (s256)1 << 200 ... ((s256)1 << 201) - 1:
        return 3;
    case -((s256)1 << 254):
        return 4;
    default:
        return 5;
    }
}

int main(void) {
    W(BIG);
    W(-BIG);
    W(DEC);
    W(folded);
    for (int i = 0; i < 4; i++) W(table[i]);
    W(rec.v);
    W((u256)(rec.w >> 744));
    printf("%d %zu\n", rec.tag, sizeof sized);
    volatile int k = 3;
    W((s256)BIG * k);
    W(DEC / (u256)k);
    W(340282366920938463463374607431768211456wb - k); /* 2^128: _BitInt(130) */
    printf("%d\n", _Generic(340282366920938463463374607431768211456wb, _BitInt(130): 1, default: 0));
    W(0x80000000000000000000000000000000000wb >> 4);
    s256 probes[] = {0, -1, BIG, BIG + 1, (s256)1 << 200, ((s256)3 << 199) + k, ((s256)1 << 201) - 1,
                     (s256)1 << 201, -((s256)1 << 254), 5};
    for (int i = 0; i < 10; i++) printf("%d", classify(probes[i]));
    printf("\n");
    return 0;
}

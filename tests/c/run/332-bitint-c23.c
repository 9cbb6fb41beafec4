// ORACLE: clang-19
// FLAGS: -std=c23
/* _BitInt in C23 mode: BITINT_MAXWIDTH from <limits.h> and __BITINT_MAXWIDTH__ (equal, at least
   ULLONG_WIDTH as C23 requires), wb and uwb literals without the pre-C23 warning, typeof on
   _BitInt expressions, constexpr-like static initializers folded at N bits, bool results of
   comparisons, and a _BitInt as a loop counter and as an array index. */
#include <limits.h>
#include <stdio.h>

static const unsigned _BitInt(10) table[4] = {1023uwb, 1024 - 1, (unsigned _BitInt(10))-1, 0x155uwb};
static const _BitInt(10) wrapped = (_BitInt(10))1023; /* folds to -1 */

int main(int argc, char **argv) {
    (void)argv;
    printf("%d %d\n", BITINT_MAXWIDTH == __BITINT_MAXWIDTH__, BITINT_MAXWIDTH >= ULLONG_WIDTH);
    typeof(3wb) small = 3wb;
    typeof(small + small) same = small;
    printf("%zu %zu %d\n", sizeof small, sizeof same, _Generic(same, _BitInt(3): 1, default: 0));
    for (int i = 0; i < 4; i++) printf("%u ", (unsigned)table[i]);
    printf("%d\n", (int)wrapped);
    unsigned _BitInt(4) n = 0;
    int steps = 0;
    do {
        n += 3;
        steps++;
    } while (n != 0); /* 3 is odd: 16 steps round the 4-bit ring */
    printf("%d\n", steps);
    int counts[8] = {0};
    for (unsigned _BitInt(3) k = 0; steps-- > 0; k++) counts[k]++;
    for (int i = 0; i < 8; i++) printf("%d ", counts[i]);
    printf("\n");
    _Bool b = (unsigned _BitInt(2))(argc + 1) == 0; /* argc is 4: 5 wraps to 1 */
    printf("%d %d\n", b, (int)(unsigned _BitInt(2))(argc + 1));
    printf("%d\n", _Generic(0x7fffffffffffffffwb, _BitInt(64): 64, default: 0));
    printf("%d\n", _Generic(0xffffffffffffffffuwb, unsigned _BitInt(64): 64, default: 0));
    return 0;
}

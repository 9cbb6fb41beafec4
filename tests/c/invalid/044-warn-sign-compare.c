// CHECK: 16:11: error: comparison of integers of different signs: 'int' and 'unsigned int' [-Werror,-Wsign-compare]
// CHECK: 17:11: error: comparison of integers of different signs: 'unsigned int' and 'int' [-Werror,-Wsign-compare]
// CHECK: 18:11: error: comparison of integers of different signs: 'int' and 'unsigned int' [-Werror,-Wsign-compare]
// CHECK: 19:11: error: comparison of integers of different signs: 'char' and 'unsigned int' [-Werror,-Wsign-compare]
// CHECK: 20:11: error: comparison of integers of different signs: 'int' and 'size_t' (aka 'unsigned long') [-Werror,-Wsign-compare]
// CHECK: 21:11: error: comparison of integers of different signs: 'short' and 'size_t' (aka 'unsigned long') [-Werror,-Wsign-compare]
// CHECK: 24:11: error: comparison of integers of different signs: 'int' and 'unsigned int' [-Werror,-Wsign-compare]
// FLAGS: -Wextra -Werror=sign-compare
// CHECK-ALL
// -Wsign-compare (from -Wextra) made an error by -Werror=sign-compare: an unsigned comparison
// with a signed operand that may be negative; constants, promotions and wider signed types do not warn.
#include <stddef.h>

int compare(int i, unsigned u, long l, unsigned char uc, char c, size_t n, short s) {
    int r = 0;
    if (i < u) r++;
    if (u >= i) r++;
    if (i == u) r++;
    if (c != u) r++;
    if (i < n) r++;
    if (s > n) r++;
    if (l < u) r++;
    if (uc < u) r++;
    if (i < 10u) r++;
    if (u > 3) r++;
    if ((unsigned)i < u) r++;
    if (i < (int)u) r++;
    if (l == 7u) r++;
    return r;
}

int main(void) { return compare(1, 2, 3, 4, 5, 6, 7) == 99; }

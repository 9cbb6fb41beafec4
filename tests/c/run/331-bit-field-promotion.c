/* Integer promotion of bit-fields (C11 6.3.1.1p2): a bit-field whose values all fit in int is
   promoted to int, whatever its declared type (unsigned int, unsigned char, long, unsigned long
   long, an enum, _Bool), so a negative operand is not converted to unsigned against it. Reduced
   from Csmith seed 300038, where `s.f1 < s.f4` (int16_t against an unsigned:24) was computed as
   an unsigned comparison and gave 0. A bit-field as wide as int (unsigned:32) and a wider one
   (unsigned long long:40) are not promoted. The value of an assignment to a bit-field, of a compound
   assignment, of a prefix increment and of a comma expression has the bit-field's type too; compound
   assignments compute in int; a promoted bit-field passes to a variadic function as an int. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>

enum colour { RED, GREEN, BLUE };

struct S {
    int16_t f1;
    unsigned f4 : 24;
    unsigned char c3 : 3;
    unsigned long long l5 : 5;
    long s7 : 7;
    enum colour e : 4;
    _Bool b : 1;
    unsigned u31 : 31;
    unsigned u32 : 32;
    unsigned long long g40 : 40;
};

static struct S s = {-7, 3122, 5, 3, -3, BLUE, 1, 100, 6, 7};
static volatile struct S vs = {-7, 3122, 5, 3, -3, BLUE, 1, 100, 6, 7};

/* Reads its arguments as ints: each promoted bit-field arrives as one. */
static int sum_ints(int n, ...) {
    va_list ap;
    va_start(ap, n);
    int total = 0;
    for (int i = 0; i < n; i++) total = total * 10 + va_arg(ap, int);
    va_end(ap);
    return total;
}

int main(void) {
    struct S *p = &s;
    int16_t m = -7;

    /* comparisons with negative operands: int comparisons for the narrow fields */
    printf("%d %d %d %d\n", s.f1 < s.f4, m < p->f4, vs.f1 < vs.f4, m < s.c3);
    printf("%d %d %d %d\n", m < s.l5, m < s.s7, m < s.e, m < s.u31);
    printf("%d %d\n", s.u32 - 7 > 0, s.g40 - 8 > 0); /* not promoted: unsigned arithmetic */

    /* the result type of arithmetic on them */
    printf("%zu %zu %zu %zu\n", sizeof(s.l5 + 0), sizeof(-s.s7), sizeof(~s.c3), sizeof(s.u32 + 0));
    printf("%zu %zu\n", sizeof(s.g40 + 0), sizeof(s.e << 1));
    printf("%d %d %d\n", -s.f4 < 0, ~s.c3 < 0, (s.f4 - 3123) / 2);
    printf("%lld %lld\n", (long long)(s.l5 - 4), (long long)(s.b - 2));
    printf("%d %d\n", (s.f4 * -2) >> 1, -(s.c3 << 2) >> 1);

    /* the conditional operator: both arms promoted, or unsigned against an unsigned arm */
    int flag = m < 0;
    printf("%d %d\n", (flag ? s.f4 : s.c3) < -1, (flag ? s.f4 : 0u) < (unsigned)-1);

    /* assignment, compound assignment, prefix increment and comma have the bit-field's type */
    int assigned = (s.f4 = 5) < -1;
    int compound = (s.f4 += 1) < -1;
    int incremented = ++s.f4 < -1;
    int comma = (flag++, s.f4) < -1;
    printf("%d %d %d %d %u\n", assigned, compound, incremented, comma, (unsigned)s.f4);
    /* the value of an assignment is the field's new value: 9 stored in 3 bits is 1 */
    int nine = 9;
    int stored = (s.c3 = nine) - 2;
    int wrapped = (s.c3 += 7) - 1;
    printf("%d %d %u\n", stored, wrapped, (unsigned)s.c3);

    /* compound assignments compute in int: 10 / -2 is -5, stored modulo 2^24 */
    s.f4 = 10;
    s.f4 /= -2;
    printf("%u\n", (unsigned)s.f4);
    s.f4 = 10;
    s.f4 %= -3;
    printf("%u\n", (unsigned)s.f4);
    s.c3 = 6;
    s.c3 /= -3;
    printf("%u\n", (unsigned)s.c3);
    s.l5 = 9;
    s.l5 *= -1;
    printf("%u\n", (unsigned)s.l5);
    s.f4 = 10;
    s.f4 = s.f4 / -2;
    printf("%u\n", (unsigned)s.f4);

    /* a variadic callee reads each promoted bit-field as an int */
    s.l5 = 3;
    printf("%d %d %d\n", sum_ints(4, s.c3, s.l5, s.e, s.b), s.l5, s.e);
    printf("%d\n", sum_ints(2, s.s7 + 9, (int)s.u32));
    return 0;
}

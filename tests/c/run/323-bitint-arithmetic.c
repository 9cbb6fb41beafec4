// ORACLE: clang-19
// FLAGS: -Wno-c23-extensions
/* _BitInt(N) arithmetic, up to 64 bits (int and long registers): unsigned wrap-around at N bits
   after +, -, *, <<, unary - and ~, ++ and --, compound assignment; signed values sign-extended
   from bit N; conversions from wider types truncate (modulo 2^N, read as N-bit two's complement,
   as clang does), from floating point; division, remainder and right shifts signed and unsigned;
   comparisons; wb/uwb literals and their types. Values come from argc so nothing folds. */
#include <stdio.h>

#define P(e) printf("%-28s %lld\n", #e, (long long)(e))
#define PU(e) printf("%-28s %llu\n", #e, (unsigned long long)(e))

typedef unsigned _BitInt(7) u7;
typedef _BitInt(7) s7;
typedef unsigned _BitInt(13) u13;
typedef _BitInt(13) s13;
typedef unsigned _BitInt(24) u24;
typedef _BitInt(40) s40;
typedef unsigned _BitInt(40) u40;
typedef unsigned _BitInt(63) u63;
typedef _BitInt(63) s63;

static u7 add7(u7 a, u7 b) { return a + b; }
static s13 mul13(s13 a, s13 b) { return (s13)((int)a * (int)b); }
static u40 shl40(u40 a, int n) { return a << n; }

int main(int argc, char **argv) {
    (void)argv;
    int one = argc - 3; /* 1 under the harness (argv: one two three) */
    u7 a = 100 + one;
    P(a);
    a += 30;
    P(a);
    a = a * 3;
    P(a);
    a = -a;
    P(a);
    a = ~a;
    P(a);
    a = 0;
    a--;
    P(a);
    a++;
    P(a);
    P(add7(120, 10 * one));
    PU((u7)(a - one));
    s7 s = -64 * one;
    P(s);
    P(s / 3);
    P(s % 5);
    P(s >> 2);
    P(-(s + 1) / 2);
    P((s7)(127 * one));  /* 127 truncates to -1 */
    P((s7)(64 * one));   /* 64 truncates to -64 */
    P((s7)(200 * one));
    P((s13)(-5000 * one));
    P((u13)(-1 * one));
    P((u13)(70000 * one));
    P(mul13(90, 90 * one));
    u24 w = 0xABCDEF * one;
    P(w);
    P(w << 4);
    P((u24)(w << 4));
    P(w >> 20);
    P(w * w);
    P((u24)(w * w));
    s40 x = -((s40)1 << 38) * one;
    P(x);
    P(x * 2);
    P(x >> 30);
    P((s40)((long long)x * 2 - 1 + one)); /* -2^39 */
    P((s40)(0x7FFFFFFFFFLL * one));
    P((s40)(0x8000000000LL * one));
    P((s40)(0xFFFFFFFFFFFFLL * one));
    u40 y = 0xFFFFFFFFFFull * one;
    PU(y);
    PU(y + one);
    PU(y * y);
    PU(shl40(y, 8 * one));
    PU(y / 7);
    PU(y % 1000);
    PU(~y);
    PU(-y);
    u63 big = (u63)-1 * one;
    PU(big);
    PU(big + 2);
    PU(big >> 1);
    s63 sb = (s63)(big >> 1);
    P(sb);
    P(sb + 0);
    P(-sb - 1);
    P((s63)((long long)-sb - 2 + one));
    P(a < s);
    P(w > x);
    P(y == (u40)-1);
    P((u7)-1 == 127);
    P((s7)-1 < (u7)0);
    P(3wb);
    P(-3wb);
    P(sizeof(3wb));
    P(sizeof(255uwb));
    P(sizeof(256uwb));
    P(sizeof(0x7fffffffwb));
    P(sizeof(0xffffffffwb));
    P(sizeof(0xffffffffuwb));
    P(sizeof(9223372036854775807wb));
    PU(18446744073709551615uwb);
    P(0WB + 0UWB + 1wbu + (int)1WBU);
    P(_Generic(1uwb, unsigned _BitInt(1): 1, default: 0));
    P(_Generic(0wb, _BitInt(2): 1, default: 0));
    P(_Generic(-1wb, _BitInt(2): 1, default: 0));
    P(_Generic(127wb, _BitInt(8): 1, default: 0));
    P(_Generic(128wb, _BitInt(9): 1, default: 0));
    double d = 1234.75 * one;
    P((s13)d);
    P((u7)(d / 10));
    P((s40)(-d * 1e6));
    printf("%.2f %.2f %.1f\n", (double)(s13)-4000, (double)(u40)-1, (float)(u7)100);
    _Bool flag = (u7)(128 * one);
    P(flag);
    P((u7)(129 * one) ? 1 : 0);
    return 0;
}

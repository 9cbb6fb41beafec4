/* __int128 and unsigned __int128 (GNU, x86-64): layout, arithmetic with carries, 128-bit
   products, shifts across the word boundary, division, conversions and constants. */
#include <stdio.h>

typedef __int128 i128;
typedef unsigned __int128 u128;

static void put_u(const char *name, u128 v) {
    char buf[64];
    int n = 0;
    if (v == 0) buf[n++] = '0';
    while (v) { buf[n++] = (char)('0' + (int)(v % 10)); v /= 10; }
    printf("%s=", name);
    while (n) putchar(buf[--n]);
    putchar('\n');
}

static void put_s(const char *name, i128 v) {
    if (v < 0) { printf("-"); put_u(name, -(u128)v); } else put_u(name, (u128)v);
}

static u128 factorial(int n) {
    u128 r = 1;
    for (int i = 2; i <= n; i++) r *= (unsigned)i;
    return r;
}

static u128 shifted = (u128)1 << 100;
static i128 negative = -12345;

int main(int argc, char **argv) {
    (void)argv;
    i128 a = 123456789012345678LL * argc, b = -987654321098765432LL;
    put_s("a*b", a * b);
    put_s("a+b", a + b);
    put_s("a-b", a - b);
    put_s("b/7", b / 7);
    put_s("b%7", b % 7);
    put_s("-b%-7", -b % -7);
    put_s("a*b/a", a * b / a);
    put_u("30!", factorial(30));
    put_u("34!/33!", factorial(34) / factorial(33));
    put_u("2^100", shifted);
    put_u("2^100>>37", shifted >> 37);
    put_s("static", negative * negative * negative);
    put_s("(-1<<120)>>119", (i128)((u128)-1 << 120) >> 119);
    u128 max = ~(u128)0;
    put_u("max", max);
    put_u("max/3", max / 3);
    put_u("max%1000003", max % 1000003);
    put_u("max+1", max + 1);
    printf("compare %d %d %d %d\n", a < b, b < a, (u128)b > (u128)a, a == a * 1);
    printf("to double %.17g %.17g %.9g\n", (double)(a * b), (double)max, (double)(float)factorial(25));
    double d = 1.5e30;
    put_s("from double", (i128)d);
    put_s("from negative", (i128)-2.5e20);
    printf("layout %zu %zu %d\n", sizeof(i128), _Alignof(u128), (int)(long)(a * b));
    i128 c = 5;
    c += 7;
    c <<= 70;
    c--;
    put_s("c", c);
    c >>= 70;
    put_s("c>>70", c);
    printf("truth %s %s\n", a ? "true" : "false", (a - a) ? "true" : "false");
    __int128_t t = 3;
    __uint128_t ut = 4;
    printf("predeclared %d\n", (int)(t * ut));
    return 0;
}

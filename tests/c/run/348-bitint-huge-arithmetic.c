// ORACLE: clang-19
// FLAGS: -std=c23
/* _BitInt(N) for N > 128 (clang's x86-64 layout: (N+63)/64 little-endian 64-bit words, aligned
   to 8): + - * / % signed and unsigned, shifts, & | ^ ~, unary -, comparisons, ++ and --,
   compound assignment, wrap-around of unsigned values at N bits and of signed ones after a
   conversion; 100! and 2^255 in 512 and 256 bits. Printed as 64-bit words, high first. */
#include <stdio.h>
#include <string.h>

typedef _BitInt(256) s256;
typedef unsigned _BitInt(256) u256;
typedef unsigned _BitInt(200) u200;
typedef _BitInt(193) s193;
typedef unsigned _BitInt(600) u600;

static void words(const char *what, const void *p, size_t size) {
    unsigned long long w[16];
    memcpy(w, p, size);
    printf("%-10s", what);
    for (size_t i = size / 8; i-- > 0;) printf(" %016llx", w[i]);
    printf("\n");
}
#define W(x) do { __typeof__(x) v_ = (x); words(#x, &v_, sizeof v_); } while (0)

int main(void) {
    u600 f = 1;
    for (int i = 2; i <= 100; i++) f *= i; /* 100! has 525 bits */
    W(f);
    u600 g = f / 1000000007u, h = f % 1000000007u;
    W(g);
    W(h);
    printf("%d\n", g * 1000000007u + h == f);

    s256 a = 1;
    for (int i = 0; i < 150; i++) a = a * 3 - i; /* past 2^237 */
    s256 b = -a;
    W(a);
    W(b);
    W(a + b);
    W(a - b * 2);
    W(a / 987654321);
    W(a % 987654321);
    W(b / 987654321);
    W(b % 987654321);
    W(b / -a);
    W(a / (a >> 70));
    W(a % (b >> 70));
    W(a >> 100);
    W(b >> 100);
    W(b >> 255);
    W(a << 10);
    W((u256)b << 19);
    W((u256)b >> 100);
    W(a & b);
    W(a | b);
    W(a ^ b);
    W(~a);
    printf("%d %d %d %d %d %d\n", a > b, a < b, a >= b, b <= a, a != b, b == -a);
    printf("%d %d\n", (u256)a < (u256)b, (u256)b > (u256)a);

    u256 top = (u256)1 << 255;
    W(top);
    W(top + top); /* wraps to 0 */
    W(top - 1);
    W((u256)0 - 1);
    W(top * 3);

    u200 c = 0;
    c--; /* 2^200 - 1 */
    W(c);
    c += 2;
    W(c);
    c -= 3;
    c *= c;
    W(c);
    c /= 12345;
    W(c);
    c %= 1000;
    W(c);
    c <<= 190;
    W(c);
    c >>= 7;
    W(c);
    c |= 0xff;
    c &= ~(u200)0xf0;
    c ^= (u200)1 << 199;
    W(c);

    s193 d = (s193)((u256)1 << 192); /* the most negative _BitInt(193) */
    W(d);
    d++;
    W(d);
    ++d;
    d--;
    --d;
    W(d);
    W(-(d + 1));
    return 0;
}

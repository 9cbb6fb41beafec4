// FLAGS: -std=c2x
/* C23's digit separators (6.4.4.1, 6.4.4.2; gcc 12 and clang 19 take them with -std=c2x): in
 * decimal, octal, hexadecimal and binary integer constants with their suffixes, in decimal and
 * hexadecimal floating constants (digits before and after the point, the exponent), in #if, kept
 * in the spelling # makes and ## pastes, and beside character constants, which still lex as such. */
#include <stdio.h>

#define STR(x) #x
#define XSTR(x) STR(x)
#define CAT(a, b) a##b
#define MILLION 1'000'000

#if 1'000 != 1000 || 0x1'0 != 16 || 0b1'0'1 != 5 || 07'7 != 63 || MILLION / 1'000 != 1'000
#error separators in #if
#endif
#if 1'0 * 1'0 == 100
static const char *pp = "folded in #if";
#else
static const char *pp = "wrong";
#endif

static const long table[] = {1'000, 2'000'000, 0x7FFF'FFFF, 0b1111'0000, 0'7'7'7};
static const double scale = 1'0.5e1'0;

int main(void) {
    printf("%d %d %d %d\n", MILLION, 0x7'FF'FF, 0b1010'0101, 0'17);
    printf("%lu %llu %u %ld\n", 4'294'967'296ul, 0xFFFF'FFFF'FFFF'FFFFull, 1'0u, 12'34L);
    printf("%.17g %.17g %.17g %a\n", scale, 3.141'592'653'589'793, 1'2.5'0e-0'3, 0x1.8'0p1'0);
    printf("%.9g %.9g\n", 1'2.5'0f, 0x1'0.8p-1'0f);
    printf("%s %s %s\n", STR(1'000), XSTR(MILLION), XSTR(0x1'F));
    printf("%d\n", CAT(1'0, 0));
    printf("%s\n", pp);
    long long big = 9'223'372'036'854'775'807;
    printf("%lld %zu %zu\n", big, sizeof 1'000'000'000'000, sizeof 2'147'483'647);
    for (int i = 0; i < 5; i++) printf("%ld ", table[i]);
    printf("\n%d %d %d\n", 'x' == 1'2'0, 'a', (int)sizeof '1');
    return 0;
}

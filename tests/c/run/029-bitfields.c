#include <stdio.h>
struct flags {
    unsigned a : 1;
    unsigned b : 3;
    unsigned c : 4;
    signed d : 5;
    unsigned : 0;
    unsigned e : 12;
    int f : 7;
};
struct packed { unsigned char lo : 4, hi : 4; };
int main(void) {
    struct flags x = {1, 5, 15, -3, 4000, -64};
    printf("%u %u %u %d %u %d\n", x.a, x.b, x.c, x.d, x.e, x.f);
    int nine = 9;
    x.b = nine;
    x.c += 2;
    x.d = 15;
    x.d++;
    printf("%u %u %d\n", x.b, x.c, x.d);
    x.a = 0;
    x.f = x.f - 1;
    printf("%u %d\n", x.a, x.f);
    struct packed p = {.lo = 0xA, .hi = 0x5};
    printf("%zu %d %d\n", sizeof p, p.lo, p.hi);
    printf("%zu\n", sizeof(struct flags));
    unsigned total = 0;
    for (int i = 0; i < 20; i++) { x.b = i; total += x.b; }
    printf("%u\n", total);
    return 0;
}

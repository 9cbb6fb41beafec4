/* Bit-fields placed bit by bit: in a packed struct, a packed member, and under #pragma pack(n) (gcc
 * then places bit-fields without aligning them to their type, whatever n is). A field may straddle
 * its type's storage unit (a 31-bit int field from bit 4 of a byte covers 5 bytes, a 63-bit one 9),
 * and the struct may end inside the unit. Found by Csmith: static initialisers of such
 * structs crashed jomp, and reads and writes took the wrong bits. */
#include <stdio.h>
#include <string.h>

#pragma pack(push)
#pragma pack(1)
struct S1 {
    signed f0 : 18;
    signed f1 : 3;
    signed f2 : 14;
    unsigned f3 : 23;
    signed f4 : 17;
    unsigned char f5;
    volatile unsigned f6 : 4;
    volatile unsigned f7 : 31;
    volatile unsigned f8 : 14;
    const unsigned f9 : 23;
};
struct S2 { char c; int a : 4; };
struct S3 { int a : 4; };
struct S4 { char c; long long x : 60; short s : 9; unsigned long long y : 64; };
#pragma pack(pop)

#pragma pack(2)
struct P2 { char c; int a : 20; int b : 20; };
#pragma pack(8)
struct P8 { char c; int a : 30; };
#pragma pack()

struct __attribute__((packed)) A1 { char c; int a : 31; long long b : 63; };
struct A2 { char c; int a : 30 __attribute__((packed)); int b : 5; };
struct Plain { char c; int a : 30; int b : 5; };

static struct S1 g1 = {-5, 2, -300, 4000000, -60000, 200, 9, 0x7ffffff0, 9999, 0x7abcde};
static struct S1 g1s[2] = {{1, 1, 1, 1, 1, 1, 1, 1, 1, 1}, {-1, -1, -1, 0x7fffff, -1, 255, 15, 0x7fffffff, 0x3fff, 0x7fffff}};
static struct S3 g3 = {-3};
static struct S4 g4 = {7, -123456789012345LL, -200, 0xfedcba9876543210ULL};
static struct A1 ga1 = {1, -1000000, -5};
static struct P2 gp2 = {3, -1000, 4567};

static void dump(const char *name, const void *p, size_t n) {
    const unsigned char *b = p;
    printf("%s %zu:", name, n);
    for (size_t i = 0; i < n; i++) printf("%02x", b[i]);
    printf("\n");
}

static void print_s1(const struct S1 *s) {
    printf("%d %d %d %u %d %u %u %u %u %u\n", s->f0, s->f1, s->f2, s->f3, s->f4, s->f5, s->f6, s->f7, s->f8, s->f9);
}

int main(void) {
    printf("sizes %zu %zu %zu %zu %zu %zu %zu %zu %zu\n", sizeof(struct S1), sizeof(struct S2), sizeof(struct S3),
           sizeof(struct S4), sizeof(struct P2), sizeof(struct P8), sizeof(struct A1), sizeof(struct A2), sizeof(struct Plain));
    dump("g1", &g1, sizeof g1);
    print_s1(&g1);
    dump("g1s", g1s, sizeof g1s);
    print_s1(&g1s[1]);
    dump("g3", &g3, sizeof g3);
    dump("g4", &g4, sizeof g4);
    printf("%d %lld %d %llx\n", g4.c, (long long)g4.x, g4.s, (unsigned long long)g4.y);
    dump("ga1", &ga1, sizeof ga1);
    printf("%d %lld\n", ga1.a, (long long)ga1.b);
    dump("gp2", &gp2, sizeof gp2);

    /* writes keep the neighbours' bits */
    struct S1 s;
    memset(&s, 0xa5, sizeof s);
    s.f0 = -5; s.f1 = 2; s.f2 = -300; s.f3 = 4000000; s.f4 = -60000; s.f5 = 200; s.f6 = 9; s.f7 = 0x7ffffff0; s.f8 = 9999;
    dump("s", &s, sizeof s);
    print_s1(&s);
    g1.f7 = 12345; g1.f8 = 77; g1.f0 = 1000; g1.f3 += 5; g1.f4 -= 7; g1.f7++;
    g1s[1].f8 = 5; g1s[0].f7 = 3; g1s[0].f2 = g1s[1].f2 * 2;
    dump("g1", &g1, sizeof g1);
    print_s1(&g1);
    dump("g1s", g1s, sizeof g1s);
    print_s1(&g1s[0]);

    struct S2 s2; memset(&s2, 0, sizeof s2); s2.a = -3; dump("s2", &s2, sizeof s2); printf("%d\n", s2.a);
    g3.a = 5; dump("g3", &g3, sizeof g3); printf("%d\n", g3.a);
    struct S4 s4; memset(&s4, 0x11, sizeof s4);
    s4.x = -123456789012345LL; s4.s = -200; s4.y = 0x8000000000000001ULL;
    dump("s4", &s4, sizeof s4); printf("%lld %d %llx\n", (long long)s4.x, s4.s, (unsigned long long)s4.y);
    struct P2 p2; memset(&p2, 0, sizeof p2); p2.a = -1000; p2.b = 4567; dump("p2", &p2, sizeof p2); printf("%d %d\n", p2.a, p2.b);
    struct P8 p8; memset(&p8, 0, sizeof p8); p8.a = -1; dump("p8", &p8, sizeof p8); printf("%d\n", p8.a);
    struct A1 a1; memset(&a1, 0, sizeof a1); a1.a = -1000000; a1.b = -5; dump("a1", &a1, sizeof a1); printf("%d %lld\n", a1.a, (long long)a1.b);
    ga1.b = ga1.b * 3 + 1; printf("%lld\n", (long long)ga1.b);
    struct A2 a2; memset(&a2, 0, sizeof a2); a2.a = -1000000; a2.b = -5; dump("a2", &a2, sizeof a2); printf("%d %d\n", a2.a, a2.b);
    struct Plain pl; memset(&pl, 0, sizeof pl); pl.a = -1000000; pl.b = -5; dump("pl", &pl, sizeof pl); printf("%d %d\n", pl.a, pl.b);
    return 0;
}

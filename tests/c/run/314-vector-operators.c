/* GCC vector types (vector_size): element-wise arithmetic, bitwise and shift operators between
   vectors and with scalars, unary - ~ +, comparisons giving 0/-1 vectors, element subscripts
   (read and written), initialisers, assignment, compound assignment, passing and returning by
   value, vectors in structs and arrays, casts between vectors of one size, and vectors of every
   element type (char to double, signed and unsigned). */
#include <stdio.h>
#include <string.h>

typedef int v4si __attribute__((vector_size(16)));
typedef unsigned int v4su __attribute__((vector_size(16)));
typedef float v4sf __attribute__((vector_size(16)));
typedef double v2df __attribute__((vector_size(16)));
typedef long long v2di __attribute__((vector_size(16)));
typedef signed char v16qi __attribute__((vector_size(16)));
typedef unsigned char v8qu __attribute__((vector_size(8)));
typedef short v8hi __attribute__((vector_size(16)));
typedef unsigned short v4hu __attribute__((vector_size(8)));
typedef int v8si __attribute__((vector_size(32)));

static void show_si(const char *name, v4si v) { printf("%s: %d %d %d %d\n", name, v[0], v[1], v[2], v[3]); }
static void show_su(const char *name, v4su v) { printf("%s: %u %u %u %u\n", name, v[0], v[1], v[2], v[3]); }
static void show_sf(const char *name, v4sf v) {
    printf("%s: %g %g %g %g\n", name, (double)v[0], (double)v[1], (double)v[2], (double)v[3]);
}
static void show_df(const char *name, v2df v) { printf("%s: %.17g %.17g\n", name, v[0], v[1]); }
static void show_di(const char *name, v2di v) { printf("%s: %lld %lld\n", name, v[0], v[1]); }

static v4si madd(v4si a, v4si b, v4si c) { return a * b + c; }
static v4sf lerp(v4sf a, v4sf b, float t) { return a + (b - a) * t; }

struct particle {
    v4sf pos, vel;
    int id;
};

int main(void) {
    v4si a = {1, -2, 3, -4}, b = {10, 20, 30, 40};
    show_si("a+b", a + b);
    show_si("a-b", a - b);
    show_si("a*b", a * b);
    show_si("b/a", b / a);
    show_si("b%a", b % a);
    show_si("a&b", a & b);
    show_si("a|b", a | b);
    show_si("a^b", a ^ b);
    show_si("b<<a&3", b << (a & 3));
    show_si("b>>2", b >> 2);
    show_si("a>>1", a >> 1);
    show_si("-a", -a);
    show_si("~a", ~a);
    show_si("+a", +a);
    show_si("a*3", a * 3);
    show_si("100-a", 100 - a);
    show_si("a<b", a < b);
    show_si("a==1", a == 1);
    show_si("a>=-2", a >= -2);
    show_si("a!=b", a != b);
    show_si("madd", madd(a, b, a));

    v4su u = {0xffffffffu, 1, 0x80000000u, 7};
    show_su("u>>1", u >> 1);
    show_su("u+1", u + 1);
    show_su("u/3", u / 3);
    show_si("u>2", u > 2);

    v4sf f = {1.5f, -2.25f, 0.1f, 1e10f}, g = {2, 4, 8, 16};
    show_sf("f+g", f + g);
    show_sf("f*g", f * g);
    show_sf("f/g", f / g);
    show_sf("-f", -f);
    show_sf("lerp", lerp(f, g, 0.25f));
    show_si("f<g", f < g);
    v2df d = {1.0 / 3.0, -0.0};
    show_df("d*3", d * 3);
    show_df("-d", -d);
    __typeof__(d > 0) cmp = d > 0;
    v2di cmpll = (v2di)cmp;
    show_di("d>0", cmpll);

    v16qi q = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 42};
    v16qi q2 = q * 3 + 1;
    unsigned qs = 0;
    for (int i = 0; i < 16; i++) qs = qs * 31u + (unsigned)q2[i];
    printf("q2 checksum %u last %d\n", qs, q2[15]);
    v8qu bytes = {250, 251, 252, 253, 254, 255, 0, 1};
    bytes += 10;
    printf("bytes:");
    for (int i = 0; i < 8; i++) printf(" %u", bytes[i]);
    printf("\n");
    v8hi h = {-1, 2, -3, 4, -5, 6, -7, 8};
    h >>= 1;
    h *= h;
    printf("h: %d %d %d %d\n", h[0], h[1], h[6], h[7]);
    v4hu hu = {65535, 1, 2, 3};
    hu = hu + hu;
    printf("hu: %u %u\n", hu[0], hu[3]);

    /* subscripts as lvalues, compound assignment, loops over elements */
    v4si acc = {0, 0, 0, 0};
    for (int i = 0; i < 4; i++) acc[i] = i * i;
    acc[2] += 100;
    acc[3]++;
    for (int k = 0; k < 5; k++) acc += a;
    acc -= 1;
    acc *= 2;
    acc = (v4si)((v4su)acc << 1);
    acc |= 1;
    show_si("acc", acc);

    /* 32-byte vectors, arrays of vectors, vectors in structs */
    v8si w = {1, 2, 3, 4, 5, 6, 7, 8};
    v8si w2 = w * w - w;
    int ws = 0;
    for (int i = 0; i < 8; i++) ws += w2[i];
    printf("w2 sum %d size %zu\n", ws, sizeof w2);
    v4si table[3] = {{1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}};
    v4si total = table[0] + table[1] * table[2];
    show_si("table", total);
    struct particle p = {{0, 0, 0, 0}, {1, 2, 3, 4}, 7};
    for (int step = 0; step < 3; step++) p.pos += p.vel * 0.5f;
    show_sf("pos", p.pos);
    printf("pos[3] %g id %d\n", (double)p.pos[3], p.id);

    /* casts between vectors of one size keep the bits; to and from integers of that size too */
    v4sf ones = {1.0f, -1.0f, 0.5f, 2.0f};
    v4si bits = (v4si)ones;
    printf("bits: %08x %08x %08x %08x\n", (unsigned)bits[0], (unsigned)bits[1], (unsigned)bits[2],
           (unsigned)bits[3]);
    v4sf back = (v4sf)(bits ^ (v4si){(int)0x80000000, 0, 0, 0});
    show_sf("back", back);
    v8qu small = {1, 2, 3, 4, 5, 6, 7, 8};
    unsigned long long asint = (unsigned long long)small;
    printf("asint %016llx\n", asint);
    v8qu again = (v8qu)(asint + 0x0101010101010101ULL);
    printf("again %u %u\n", again[0], again[7]);

    /* the bytes as memcpy sees them */
    unsigned char raw[16];
    memcpy(raw, &a, sizeof a);
    printf("raw %d %d %d\n", raw[0], raw[4], raw[15]);
    v4si copy;
    memcpy(&copy, raw, sizeof copy);
    show_si("copy", copy == a);
    return 0;
}

// ORACLE: clang-19
/* Bit-fields of _BitInt(N) wider than 64 bits and of __int128 (clang 19 takes both; gcc 12 has no
 * _BitInt): the layout (a field goes in its type's size from the type's alignment boundary at or
 * below its first bit: a 16-byte _BitInt(100) is 8-aligned, so a 70-bit field may start at bit 78),
 * the bytes each store writes (the other fields and the bytes around keep theirs), reads
 * sign- or zero-extended from the width, compound assignments, ++ and -- wrapping at the width,
 * static and automatic initializers, and structs copied and passed by value. */
#include <stdio.h>
#include <string.h>
#include <stddef.h>

struct S { unsigned _BitInt(100) x : 90; int y; };
struct T { char c; unsigned _BitInt(100) x : 70; _BitInt(100) z : 70; short s; };
struct U { int a : 5; _BitInt(128) b : 100; char c; };
struct V { _BitInt(200) w : 130; unsigned char k : 3; };
struct W { unsigned __int128 q : 100; unsigned __int128 r : 27; __int128 n : 80; };
union X { unsigned _BitInt(129) u : 129; unsigned char bytes[24]; };

static struct T st = {1, ((unsigned _BitInt(100))1 << 70) - 1, -((_BitInt(100))123456789 * 1000000000000), 7};
static struct V sv = {-((_BitInt(200))1 << 128), 6};
static struct W sw = {((unsigned __int128)1 << 100) - 1, 123, -((__int128)1 << 78)};

static void dump(const char *what, const void *v, size_t n) {
    const unsigned char *p = v;
    printf("%s ", what);
    for (size_t i = 0; i < n; i++) printf("%02x", p[i]);
    printf("\n");
}

static void hex(const char *what, unsigned _BitInt(200) v) {
    printf("%s %02llx%016llx%016llx%016llx\n", what, (unsigned long long)(v >> 192), (unsigned long long)(v >> 128),
           (unsigned long long)(v >> 64), (unsigned long long)v);
}

static struct T twice(struct T t) {
    t.x *= 2;
    t.z *= 2;
    return t;
}

int main(void) {
    printf("sizes %zu %zu %zu %zu %zu %zu\n", sizeof(struct S), sizeof(struct T), sizeof(struct U),
           sizeof(struct V), sizeof(struct W), sizeof(union X));
    printf("aligns %zu %zu %zu %zu %zu %zu\n", _Alignof(struct S), _Alignof(struct T), _Alignof(struct U),
           _Alignof(struct V), _Alignof(struct W), _Alignof(union X));
    printf("offsets %zu %zu %zu\n", offsetof(struct S, y), offsetof(struct T, s), offsetof(struct U, c));

    struct T t;
    memset(&t, 0, sizeof t);
    t.x = -1;
    dump("t.x=-1", &t, sizeof t);
    memset(&t, 0x55, sizeof t);
    t.z = -1;
    dump("t.z=-1", &t, sizeof t);
    struct U u;
    memset(&u, 0xAA, sizeof u);
    u.b = -1;
    u.a = 3;
    u.c = 9;
    dump("u", &u, sizeof u);
    struct V v;
    memset(&v, 0, sizeof v);
    v.w = -1;
    v.k = 5;
    dump("v", &v, sizeof v);
    struct W w;
    memset(&w, 0, sizeof w);
    w.q = -1;
    w.n = -2;
    w.r = 5;
    dump("w", &w, sizeof w);
    union X x;
    memset(&x, 0xFF, sizeof x);
    x.u = 0x1234;
    dump("x", &x, sizeof x);
    dump("st", &st, sizeof st);
    dump("sv", &sv, sizeof sv);
    dump("sw", &sw, sizeof sw);

    hex("st.x", st.x);
    hex("st.z", st.z);
    hex("u.b", u.b);
    hex("v.w", v.w);
    hex("w.n", w.n);
    hex("sv.w", sv.w);
    hex("sw.q", sw.q);
    hex("sw.n", sw.n);

    st.x += 5;
    st.z *= 3;
    st.z++;
    v.w = (v.w + 2) << 3;
    u.b = u.b / 7;
    sw.n--;
    sw.q -= 0x10;
    hex("st.x+5", st.x);
    hex("st.z*3+1", st.z);
    hex("v.w+2<<3", v.w);
    hex("u.b/7", u.b);
    hex("sw.n-1", sw.n);
    hex("sw.q-16", sw.q);
    dump("st'", &st, sizeof st);

    struct S s = {.x = (unsigned _BitInt(100))12345678901234567890u * 1000, .y = -1};
    hex("s.x", s.x);
    hex("s.x*2+1", s.x * 2 + 1);
    printf("s.y %d %d\n", s.y, s.x > 1000);
    dump("s", &s, sizeof s);

    struct T r = twice(st);
    hex("r.x", r.x);
    hex("r.z", r.z);
    printf("r %d %d\n", r.c, r.s);
    unsigned _BitInt(100) old = r.x++;
    hex("old", old);
    hex("r.x++", r.x);
    _BitInt(100) neg = (r.z = -5);
    hex("neg", neg);
    long sum = 0;
    for (int i = 0; i < 100; i++) {
        st.x = st.x * 3 + (unsigned _BitInt(100))i;
        sum += (long)(st.x % 1000);
    }
    printf("sum %ld\n", sum);
    hex("st.x loop", st.x);
    return 0;
}

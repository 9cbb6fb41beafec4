// ORACLE: clang-19
/* _BitInt(N) values where the ABI meets them: struct members and bit-fields of _BitInt type
   (which do not promote to int), arrays, arguments and results by value (narrow and 65..128
   bits), structs of them by value, variadic arguments read back with va_arg, pointers, static
   initializers, switch on a _BitInt, compound literals, and printf through casts. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef unsigned _BitInt(5) u5;
typedef _BitInt(12) s12;
typedef unsigned _BitInt(36) u36;
typedef _BitInt(70) s70;
typedef unsigned __int128 u128;

struct rec {
    u5 small;
    s12 mid;
    u36 wide;
    s70 huge;
    unsigned _BitInt(3) f3 : 3;
    _BitInt(20) f20 : 9;
    unsigned _BitInt(40) f40 : 33;
};

static struct rec table[3] = {
    {31, -2000, 0xFFFFFFFFFull, -1, 7, -256, 0x1FFFFFFFFull},
    {1, 2047, 1, (s70)1 << 68, 0, 255, 0},
    [2].mid = -1,
};

static s12 garr[4] = {1, -1, 2047, -2048};

static void show70(const char *what, s70 v) {
    u128 u = (u128)v;
    printf("%s %016llx%016llx\n", what, (unsigned long long)(u >> 64), (unsigned long long)u);
}

static void dump(const struct rec *r) {
    printf("%d %d %llu %d %d %lld\n", (int)r->small, (int)r->mid, (unsigned long long)r->wide, (int)r->f3,
           (int)r->f20, (long long)r->f40);
    show70("  huge", r->huge);
}

static struct rec bump(struct rec r, u5 by) {
    r.small += by;
    r.mid -= by;
    r.wide *= by;
    r.huge += by;
    r.f3 += by;
    r.f20 -= by;
    r.f40 += by;
    return r;
}

static s70 sum(int n, ...) {
    va_list ap;
    va_start(ap, n);
    s70 total = 0;
    for (int i = 0; i < n; i++) {
        switch (va_arg(ap, int)) {
        case 0: total += va_arg(ap, u5); break;
        case 1: total += va_arg(ap, s12); break;
        case 2: total += va_arg(ap, u36); break;
        default: total += va_arg(ap, s70); break;
        }
    }
    va_end(ap);
    return total;
}

static const char *classify(_BitInt(4) v) {
    switch (v) {
    case -8: return "min";
    case -1: return "minus one";
    case 0: return "zero";
    case 7: return "max";
    default: return v < 0 ? "negative" : "positive";
    }
}

static void fill(s12 *p, int n, s12 start) {
    for (int i = 0; i < n; i++) p[i] = start + i * 100;
}

int main(int argc, char **argv) {
    (void)argv;
    int one = argc - 3;
    printf("sizeof(struct rec) %zu, align %zu\n", sizeof(struct rec), _Alignof(struct rec));
    for (int i = 0; i < 3; i++) dump(&table[i]);
    struct rec r = bump(table[0], (u5)(3 * one));
    dump(&r);
    r = bump(table[1], (u5)(31 * one));
    dump(&r);
    struct rec z;
    memset(&z, 0, sizeof z);
    z.f3 = (unsigned _BitInt(3))(9 * one); /* 9 wraps to 1 */
    z.f20 = -300 * one;                   /* does not fit 9 bits: -300 + 512 */
    z.f40 = (unsigned _BitInt(40))-1 * one;
    dump(&z);
    printf("%d %d %d\n", _Generic(z.f3 + z.f3, unsigned _BitInt(3): 1, int: 2, default: 3),
           _Generic(z.f20, _BitInt(20): 1, int: 2, default: 3), _Generic(z.f40 + 0, int: 2, default: 3));
    printf("%lld\n", (long long)sum(4, 0, (u5)17, 1, (s12)-1000, 2, (u36)0xFFFFFFFFFull, 3, (s70)1 << 66));
    printf("%lld\n", (long long)(sum(2, 3, (s70)-5 * one, 1, (s12)7) + 0));
    for (int i = -8; i < 8; i += 3) printf("%d %s\n", i, classify((_BitInt(4))(i * one)));
    s12 local[5];
    fill(local, 5, (s12)(-250 * one));
    for (int i = 0; i < 5; i++) printf("%d ", (int)local[i]);
    printf("\n");
    s12 *p = garr;
    for (int i = 0; i < 4; i++, p++) printf("%d ", (int)(*p + 0));
    printf("\n");
    s70 *h = &r.huge;
    *h = (s70)-7 * one;
    show70("through a pointer", r.huge);
    u36 lit = (u36){(u36)-1} >> one;
    printf("%llu\n", (unsigned long long)lit);
    printf("%lld %llu\n", (long long)(s12)-2048, (unsigned long long)(u36)(1ull << 40 | 5));
    return 0;
}

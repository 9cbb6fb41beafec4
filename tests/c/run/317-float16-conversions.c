/* _Float16 conversions: from and to every integer type (signed, unsigned, _Bool, __int128),
   float and double (double rounds once to binary16, ties to even, subnormals and overflow to
   infinity), in static initializers and at run time, through casts, assignments, arguments,
   return values, variadic arguments (as a double) and function pointers. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

typedef _Float16 half;

static unsigned bits(half h) {
    unsigned short u;
    memcpy(&u, &h, sizeof u);
    return u;
}

/* statically initialised: the compiler rounds */
static half table[] = { 0.1, 1.0 / 3, 65504, 65519.99, (half)65520, -1e-8, 6e-8, 3e-8, 2.98023223876953125e-8, 1e-3f, (half)12345 };
static const half from_int = (half)(1000 * 1000); /* overflows to infinity (cast: clang warns otherwise) */
static struct { half h; int i; } mixed = { 2.5f16 * 3, 7 };

static half via_double(double d) { return d; }
static half via_float(float f) { return f; }
static double back(half h) { return h; }

static double sum_halves(int n, ...) {
    va_list ap;
    va_start(ap, n);
    double s = 0;
    for (int i = 0; i < n; i++) s += va_arg(ap, double);
    va_end(ap);
    return s;
}

int main(void) {
    for (unsigned i = 0; i < sizeof table / sizeof table[0]; i++)
        printf("table[%u] %04x %.10g\n", i, bits(table[i]), (double)table[i]);
    printf("from_int %04x mixed %04x %d\n", bits(from_int), bits(mixed.h), mixed.i);

    /* doubles near binary16 midpoints: a double rounding through float would get some wrong */
    volatile double ds[] = { 1.00048828125, 1.00048828125 + 1e-12, 1.00048828125 - 1e-12, 1.00146484375,
                             2049, 2051, 65519, 65520, -65520, 5.9604644775390625e-8 / 2,
                             5.9604644775390625e-8 / 2 + 1e-20, 1e300, -0.0, 0.0 };
    for (unsigned i = 0; i < sizeof ds / sizeof ds[0]; i++) {
        half h = via_double(ds[i]);
        printf("double %.17g -> %04x %.10g\n", ds[i], bits(h), back(h));
    }
    volatile float fs[] = { 1.00048828125f, 1.000488400459289550781f, 0.333333343f, 3.4e38f, 1e-10f, -7.5f };
    for (unsigned i = 0; i < sizeof fs / sizeof fs[0]; i++) {
        half h = via_float(fs[i]);
        float back_f = h;
        printf("float %.9g -> %04x %.9g\n", (double)fs[i], bits(h), (double)back_f);
    }

    volatile long long ints[] = { 0, 1, -1, 2047, 2049, 2051, 4097, 65504, 65519, 65520, -65536, 1LL << 40 };
    for (unsigned i = 0; i < sizeof ints / sizeof ints[0]; i++) {
        half h = ints[i];
        printf("int %lld -> %04x\n", ints[i], bits(h));
    }
    volatile unsigned long long big = 18446744073709551615ULL;
    half hb = big;
    volatile unsigned short us = 65535;
    half hus = us;
    volatile signed char sc = -128;
    half hsc = sc;
    volatile __int128 i128 = (__int128)3 << 11;
    half h128 = i128;
    volatile _Bool bt = 1;
    half hbool = bt;
    printf("ull %04x ushort %04x schar %04x int128 %04x bool %04x\n", bits(hb), bits(hus), bits(hsc), bits(h128),
           bits(hbool));

    volatile half vals[] = { 1.5f16, -1.5f16, 2.5f16, -2.75f16, 65504, -65504, 0.999f16, 300.5f16, 0, 1e-5f16 };
    for (unsigned i = 0; i < sizeof vals / sizeof vals[0]; i++) {
        half v = vals[i];
        int si = v;
        unsigned char uc = v > 0 && v < 256 ? (unsigned char)v : 0;
        long long ll = v;
        unsigned long long ull = v >= 0 ? (unsigned long long)v : 0;
        __int128 w = v;
        _Bool b = v;
        float f = v;
        double d = v;
        printf("half %.10g: int %d uchar %u ll %lld ull %llu i128 %lld bool %d float %.9g double %.10g\n", d, si, uc,
               ll, ull, (long long)w, b, (double)f, d);
    }

    half (*conv)(double) = via_double;
    printf("pointer %04x\n", bits(conv(3.14159)));
    printf("varargs %.10g\n", sum_halves(3, (double)(half)0.1, (double)(half)0.2, (double)(half)0.3));
    half x = 0.1f16;
    printf("printf %.10g %.10g\n", (double)x, (float)x * 2.0);
    return 0;
}

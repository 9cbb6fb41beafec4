/* Structs and unions by value through functions the -O2 inliner takes apart, and
 * address-taken locals promoted to registers: the results must not depend on where the copies
 * live. Each case is also compiled as a call (noinline, recursion, a pointer) to compare. */
#include <stdio.h>
#include <string.h>

typedef struct { double r, i; } C;
typedef struct { char tag; /* padding */ long n; short s[3]; } Padded;
typedef union { long l; double d; unsigned char b[8]; } Pun;
struct Inner { int a, b; };
struct Outer { struct Inner in[2]; float f; };

C cmul(C a, C b) { C c; c.r = a.r * b.r - a.i * b.i; c.i = a.r * b.i + a.i * b.r; return c; }
static C cadd(C a, C b) { C c = {a.r + b.r, a.i + b.i}; return c; }
static C conj_of(C a) { a.i = -a.i; return a; }           /* modifies its own copy only */
__attribute__((noinline)) static C cmul_call(C a, C b) { return cmul(a, b); }
static inline __attribute__((always_inline)) double norm2(C a) { return a.r * a.r + a.i * a.i; }

static C cpow_n(C z, int n) {                                /* recursive: stays a call */
    if (n == 0) return (C){1.0, 0.0};
    C h = cpow_n(z, n / 2);
    h = cmul(h, h);
    return n % 2 ? cmul(h, z) : h;
}

static Padded bump(Padded p, int k) { p.tag += (char)k; p.n *= k; p.s[k % 3] = (short)(p.s[k % 3] + k); return p; }
static Pun flip(Pun u) { u.l ^= 0x8000000000000000L; return u; }
static struct Outer swap_inner(struct Outer o) { struct Inner t = o.in[0]; o.in[0] = o.in[1]; o.in[1] = t; o.f *= 2; return o; }
static int pick(struct Outer o, int i) { return o.in[i].a * 10 + o.in[i].b; }   /* variable index */

static int clamp(int x, int lo, int hi) { if (x < lo) return lo; if (x > hi) return hi; return x; }
static int twice_through(int *p) { *p *= 2; return *p + 1; }

__attribute__((flatten)) static double flat(C z) { return norm2(cadd(cmul(z, z), conj_of(z))); }

static C (*volatile table[2])(C, C) = {cmul, cadd};

int main(void) {
    C z = {0.5, 0.25}, w = {0.999, 0.001}, s = {0, 0};
    for (int k = 0; k < 1000; k++) { z = cmul(z, w); s = cadd(s, z); }
    printf("loop %.9f %.9f %.9f %.9f\n", z.r, z.i, s.r, s.i);
    C a = {1.5, -2.0}, b = conj_of(a);
    printf("conj %.3f %.3f keeps %.3f %.3f\n", b.r, b.i, a.r, a.i);
    C p = cpow_n((C){0.9, 0.3}, 13), q = cmul_call(a, b), t = table[0](a, w), u = table[1](a, w);
    printf("pow %.9f %.9f call %.3f %.3f table %.6f %.6f %.6f %.6f\n", p.r, p.i, q.r, q.i, t.r, t.i, u.r, u.i);
    printf("flat %.9f norm %.3f\n", flat((C){0.3, 0.7}), norm2(a));

    Padded pd;
    memset(&pd, 0, sizeof pd);
    pd.tag = 'a'; pd.n = 7; pd.s[0] = 1; pd.s[1] = 2; pd.s[2] = 3;
    Padded pe = bump(bump(pd, 2), 4), pf = pe;
    printf("padded %c %ld %d %d %d / %c %ld %d\n", pe.tag, pe.n, pe.s[0], pe.s[1], pe.s[2], pd.tag, pd.n, pf.s[1]);

    Pun u1 = {.d = 2.5}, u2 = flip(u1);
    printf("pun %.2f %.2f %d %d\n", u1.d, u2.d, u2.l == (u1.l ^ (long)0x8000000000000000UL), u2.b[7]);

    struct Outer o = {{{1, 2}, {3, 4}}, 1.5f}, o2 = swap_inner(o);
    int idx = (int)(o2.f > 2.0f);
    printf("outer %d %d %d %.1f pick %d %d\n", o2.in[0].a, o2.in[1].b, o.in[0].a, o2.f, pick(o2, idx), pick(o, 1 - idx));

    int x = 5, y = 0;                     /* address-taken, never escaping */
    int *px = &x;
    for (int i = 0; i < 4; i++) y += twice_through(px) + clamp(i * 7 - 5, 0, 10);
    printf("locals %d %d %d %d\n", x, y, clamp(-3, 0, 9), clamp(12, 0, 9));
    return 0;
}

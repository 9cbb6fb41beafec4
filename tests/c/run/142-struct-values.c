/* Structs and unions by value, of every size around the ones the JVM back end copies with loads
   and stores (up to 64 bytes) and beyond: arguments, results assigned to locals (whose address
   then goes nowhere: the callee writes them directly), to locals whose address escapes, to array
   elements, through pointers and to globals; results of results, recursion, a callee that reads
   the destination through a pointer while it computes the result. */
#include <stdio.h>
#include <string.h>

typedef struct { char c; } S1;
typedef struct { char c[3]; } S3;
typedef struct { double r, i; } C;
typedef struct { int a, b, c; } S12;
typedef struct { long a, b, c; } S24;
typedef struct { double v[8]; } S64;
typedef struct { long v[9]; } S72;
typedef union { double d; long l; char c[12]; } U12;

static S1 s1(int k) { S1 s = {(char) ('a' + k)}; return s; }
static S3 s3(S3 x) { for (int i = 0; i < 3; i++) x.c[i] = (char) (x.c[i] + 1); return x; }
static C mul(C a, C b) { C c = {a.r * b.r - a.i * b.i, a.r * b.i + a.i * b.r}; return c; }
static S12 s12(S12 x, int k) { S12 y = {x.b + k, x.c * 2, x.a - k}; return y; }
static S24 s24(S24 x) { S24 y = {x.c, x.a + x.b, x.a * 3}; return y; }
static S64 s64(S64 x, double f) { for (int i = 0; i < 8; i++) x.v[i] = x.v[i] * f + i; return x; }
static S72 s72(S72 x) { S72 y; for (int i = 0; i < 9; i++) y.v[i] = x.v[8 - i] + i; return y; }
static U12 u12(U12 u) { u.l = u.l * 3 + 1; return u; }

static C *seen;   /* where the callee below looks while it computes */
static C peek(C a) {
    C r;
    r.r = a.r + seen->r;   /* the destination's old value: the result must not be written into it yet */
    r.i = a.i + seen->i;
    return r;
}

static long fib(S24 x, int n) { if (n < 2) return x.a + n; S24 y = s24(x); return fib(y, n - 1) + fib(x, n - 2); }

C global_c;

int main(void) {
    S1 a = s1(2);
    S3 t = {{'x', 'y', 'z'}};
    t = s3(t);
    t = s3(s3(t));
    printf("%c %c%c%c\n", a.c, t.c[0], t.c[1], t.c[2]);

    C z = {1.0, 0.0}, w = {0.6, 0.8};
    for (int k = 0; k < 1000; k++) z = mul(z, w);
    printf("%.9f %.9f\n", z.r, z.i);

    C arr[4] = {{1, 2}, {3, 4}, {5, 6}, {7, 8}};
    for (int k = 0; k < 4; k++) arr[k] = mul(arr[k], arr[(k + 1) % 4]);
    C *p = &arr[2];
    *p = mul(*p, w);
    global_c = mul(arr[1], arr[2]);
    printf("%.3f %.3f %.3f %.3f %.3f %.3f\n", arr[0].r, arr[1].i, arr[2].r, arr[3].i, global_c.r, global_c.i);

    C e = {1, 1};
    seen = &e;   /* e's address escapes: peek reads e while it computes e's new value */
    e = peek(e);
    e = peek(e);
    printf("%.1f %.1f\n", e.r, e.i);

    S12 q = {1, 2, 3};
    for (int k = 0; k < 5; k++) q = s12(q, k);
    S24 r = {1, 2, 3};
    r = s24(s24(r));
    printf("%d %d %d %ld %ld %ld %ld\n", q.a, q.b, q.c, r.a, r.b, r.c, fib(r, 12));

    S64 m;
    for (int i = 0; i < 8; i++) m.v[i] = i * 0.5;
    m = s64(s64(m, 1.5), 0.5);
    S72 big;
    for (int i = 0; i < 9; i++) big.v[i] = i * i;
    big = s72(s72(s72(big)));
    double sm = 0;
    long sb = 0;
    for (int i = 0; i < 8; i++) sm += m.v[i] * (i + 1);
    for (int i = 0; i < 9; i++) sb = sb * 7 + big.v[i];
    printf("%.4f %ld\n", sm, sb);

    U12 u;
    memset(&u, 0, sizeof u);
    u.l = 5;
    u = u12(u12(u));
    printf("%ld %zu\n", u.l, sizeof u);
    return 0;
}

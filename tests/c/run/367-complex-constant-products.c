// CLANG-WRONG: clang 19 folds complex * and / in static initializers with the run-time formulas, rounding at each step (last-bit differences: m2, d2, d9, f1-f4, q4), where gcc rounds each part of the exact result once (MPC)
/* Products and quotients of _Complex float, _Complex double and _Complex __float128 constants in
 * static initializers (and __real__/__imag__ of them), which gcc folds: finite values to the exact result rounded
 * once per part, overflow to infinity and underflow to subnormals, a real operand on either side,
 * and Annex G's infinities where a divisor is zero. Printed with %a: every bit counts. */
#include <stdio.h>
#include <stdint.h>
#include <string.h>

#define M(n, x, y) static _Complex double n = (x) * (y);
#define D(n, x, y) static _Complex double n = (x) / (y);
#define MF(n, x, y) static _Complex float n = (x) * (y);
#define DF(n, x, y) static _Complex float n = (x) / (y);
M(m1, 1.0 + 2.0i, 3.0 - 1.0i)
M(m2, 0.1 + 0.2i, 0.3 + 0.7i)
M(m3, 1.0 / 3 + 2.0i / 3, 3.0 / 7 - 1.0i / 7)
M(m4, 1e200 + 1e200i, 1e200 - 1e-200i)
M(m5, 1e-300 + 2e-300i, 1e-20 + 1e-20i)
M(m6, 2.0, 1.5 + 0.25i)
M(m7, 1.0i, 1.0i)
M(m8, (1.5 - 2.5i) * (0.5 + 0.125i), 4.0 - 1.0i)
D(d1, 1.0 + 2.0i, 3.0 - 1.0i)
D(d2, 0.1 + 0.2i, 0.3 + 0.7i)
D(d3, 1.0, 3.0 + 4.0i)
D(d4, 1e300 + 1e300i, 1e-10 + 1e-10i)
D(d5, 1.0 + 1.0i, 1e308 + 1e308i)
D(d6, 5.0 + 7.0i, 2.0)
D(d7, 1.0 + 0.0i, 0.0)
D(d8, 2.0i, 1.0i)
D(d9, 1.0 / 3 + 2.0i / 3, 3.0 / 7 - 1.0i / 7)
MF(f1, 0.1f + 0.2fi, 0.3f + 0.7fi)
MF(f2, 1.0f / 3 + 2.0fi / 3, 3.0f / 7 - 1.0fi / 7)
DF(f3, 0.1f + 0.2fi, 0.3f + 0.7fi)
DF(f4, 1.0f / 3 + 2.0fi / 3, 3.0f / 7 - 1.0fi / 7)
DF(f5, 1e30f + 1e30fi, 1e-10f + 3e-10fi)
static double r1 = __real__ ((1.0 + 2.0i) * (0.3 + 0.7i));
static double r2 = __imag__ ((1.0 + 2.0i) / (0.3 + 0.7i));
static float r3 = __imag__ ((2.0f + 1.0fi) / (0.7f - 0.3fi));
static _Complex double table[] = {(1.0 + 1.0i) * (1.0 - 1.0i), (3.0 + 4.0i) / (1.0 + 2.0i), 2.5i * 2.0i};

#ifdef __clang__ /* each compiler's spelling of the type (jomp takes both) */
typedef _Complex __float128 cq;
typedef __float128 fq;
#else
typedef _Complex _Float128 cq;
typedef _Float128 fq;
#endif
#define Q(a, b) __builtin_complex((fq)(a), (fq)(b))
static cq q1 = Q(1, 2) * Q(3, -1);
static cq q2 = Q(0.1, 0.2) * Q(0.3, 0.7);
static cq q3 = Q(0.1, 0.2) / Q(0.3, 0.7);
static cq q4 = Q((fq)1 / 3, (fq)2 / 3) / Q((fq)3 / 7, -(fq)1 / 7);
static cq q5 = Q(5, 7) / (fq)2;

static void pq(const char *n, cq z) { /* the bits: printf has no conversion for __float128 */
    fq p[2] = {__real__ z, __imag__ z};
    uint64_t w[4];
    memcpy(w, p, sizeof w);
    printf("%s %016llx%016llx %016llx%016llx\n", n, (unsigned long long)w[1], (unsigned long long)w[0],
           (unsigned long long)w[3], (unsigned long long)w[2]);
}

#define P(z) printf("%s %a %a\n", #z, __real__ z, __imag__ z);

int main(void) {
    P(m1) P(m2) P(m3) P(m4) P(m5) P(m6) P(m7) P(m8)
    P(d1) P(d2) P(d3) P(d4) P(d5) P(d6) P(d7) P(d8) P(d9)
    P(f1) P(f2) P(f3) P(f4) P(f5)
    printf("%a %a %a\n", r1, r2, r3);
    for (int i = 0; i < 3; i++) P(table[i])
    pq("q1", q1);
    pq("q2", q2);
    pq("q3", q3);
    pq("q4", q4);
    pq("q5", q5);
    return 0;
}

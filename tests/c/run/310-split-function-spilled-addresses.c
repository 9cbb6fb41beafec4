/* A function large enough to be split into several JVM methods (past 8,000 bytes of bytecode),
   with more values live across its loops than the split passes as parameters: at -O2 the field
   addresses of both structs are loop invariants moved out of the loops, and those live across
   most of the function go to memory. Such a spilled value must keep its bytes for as long as it is
   live: s's addresses are stored before the outer loop and read in every iteration's first inner
   loop, while the second inner loop's spilled addresses come and go in between (lz4's HC
   compressor crashed when the two shared bytes). */
#include <stdio.h>

#define FIELDS(X)                                                                                  \
    X(0) X(1) X(2) X(3) X(4) X(5) X(6) X(7) X(8) X(9) X(10) X(11) X(12) X(13) X(14) X(15) X(16)    \
    X(17) X(18) X(19) X(20) X(21) X(22) X(23) X(24) X(25) X(26) X(27) X(28) X(29) X(30) X(31)      \
    X(32) X(33) X(34) X(35) X(36) X(37) X(38) X(39) X(40) X(41) X(42) X(43) X(44) X(45) X(46) X(47)

#define F_FIELD(k) long f##k;
#define G_FIELD(k) long g##k;
struct S { FIELDS(F_FIELD) };
struct R { FIELDS(G_FIELD) };

#define UPDATE_S(k)                                                                                \
    s->f##k += ((v ^ k) & 7) * (v % (k + 3)) + (v >> (k % 5));                                     \
    s->f##k -= (v & (k + 1)) * 3;
#define UPDATE_R(k)                                                                                \
    q->g##k ^= (v + k) * (v % (k + 5)) - v * (1 << (k % 3));                                       \
    q->g##k += (v | (k + 1)) >> 1;

static long work(struct S *s, struct R *rows, const int *a, int n, int m) {
    long acc = 0;
    for (int o = 0; o < m; o++) {
        for (int i = 0; i < n; i++) {
            int v = a[i] + o;
            FIELDS(UPDATE_S)
        }
        struct R *q = &rows[o];
        for (int i = 0; i < n; i++) {
            int v = a[i] - o;
            FIELDS(UPDATE_R)
        }
        acc += s->f0 + q->g1;
    }
    return acc;
}

#define HASH_S(k) h = h * 31 + s.f##k;
#define HASH_R(k) h = h * 31 + rows[o].g##k;

int main(void) {
    static struct S s;
    static struct R rows[10];
    int a[100];
    for (int i = 0; i < 100; i++) a[i] = (i * 7919) % 1009;
    long r = work(&s, rows, a, 100, 10);
    unsigned long h = r;
    FIELDS(HASH_S)
    for (int o = 0; o < 10; o++) {
        FIELDS(HASH_R)
    }
    printf("%ld %lu\n", r, h);
    return 0;
}

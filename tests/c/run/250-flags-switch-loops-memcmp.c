/* What the host-speed work on real programs changed, kept honest against gcc:
 * - jump threading: && / || / ?: used as values, each arm setting a flag and assigning a variable
 *   that only the flag's true side reads (Lua's tonumber macros), a flag set before a loop whose
 *   header tests it (never threaded through), and a chain of joins;
 * - an interpreter loop around a switch in a function called once, whose switch edges may be the
 *   loop's back edges on the JVM (the back end reaches a target behind a switch through a goto);
 * - memcmp and memchr of every length and offset (eight bytes at a time in the C library). */
#include <stdio.h>
#include <string.h>

typedef struct { int tt; union { double n; long i; } v; } TV;
#define tonum(o, x) ((o)->tt == 3 ? ((x) = (o)->v.n, 1) : ((o)->tt == 19 ? ((x) = (double)(o)->v.i, 1) : 0))

static int arith(const TV *a, const TV *b, TV *r) {
    double n1, n2;
    if (tonum(a, n1) && tonum(b, n2)) { r->v.n = n1 * 2 + n2; r->tt = 3; return 1; }
    return 0;
}

static int either(int x, int y, int *out) {
    int v;
    int ok = (x > 3 ? (v = x, 1) : 0) || (y > 3 ? (v = -y, 1) : 0);
    if (ok) *out = v;
    return ok ? 10 : 20;
}

static int first_loop(int n) {
    int first = 1, i = 0, s = 0;
    while (first || i < n) { first = 0; s += i * i; i++; }
    return s;
}

enum { PUSH, ADD, SUB, MUL, DUP, SWAP, JNZ, DEC, POP, HALT };

/* every handler jumps back to one dispatch switch; where the back end places the handlers before the
 * switch, the switch's edges are the loop's back edges */
static long run(const int *code, long steps) {
    long st[64];
    int sp = 0, pc = 0;
    long executed = 0;
dispatch:
    if (++executed > steps) return -1;
    switch (code[pc++]) {
    case PUSH: st[sp++] = code[pc++]; goto dispatch;
    case ADD: sp--; st[sp - 1] += st[sp]; goto dispatch;
    case SUB: sp--; st[sp - 1] -= st[sp]; goto dispatch;
    case MUL: sp--; st[sp - 1] = st[sp - 1] * st[sp] % 1000003; goto dispatch;
    case DUP: st[sp] = st[sp - 1]; sp++; goto dispatch;
    case SWAP: { long t = st[sp - 1]; st[sp - 1] = st[sp - 2]; st[sp - 2] = t; } goto dispatch;
    case JNZ: { int to = code[pc++]; if (st[sp - 1]) pc = to; } goto dispatch;
    case DEC: st[sp - 1]--; goto dispatch;
    case POP: sp--; goto dispatch;
    case HALT: return st[0] * 1000 + sp;
    default: return -2;
    }
}

int main(void) {
    TV vals[4] = {{3, {.n = 1.5}}, {19, {.i = 7}}, {0, {.i = 0}}, {19, {.i = -2}}};
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) {
            TV r = {0, {.n = 0}};
            int ok = arith(&vals[i], &vals[j], &r);
            printf("arith %d %d: %d %g\n", i, j, ok, ok ? r.v.n : 0.0);
        }
    for (int x = 2; x <= 5; x++)
        for (int y = 2; y <= 5; y++) {
            int out = 99;
            int k = either(x, y, &out);
            printf("either %d %d: %d %d\n", x, y, k, out);
        }
    printf("first_loop %d %d\n", first_loop(0), first_loop(100));

    /* acc = 1; n = 200000; do { acc = acc * 3 + 1 (mod); n--; } while (n) */
    int code[] = {PUSH, 1, PUSH, 200000,
                  /* 4: */ SWAP, PUSH, 3, MUL, PUSH, 1, ADD, SWAP, DEC, JNZ, 4, POP, HALT};
    printf("run %ld\n", run(code, 10000000));
    printf("run cut %ld\n", run(code, 1000));

    unsigned char a[80], b[80];
    for (int i = 0; i < 80; i++) a[i] = b[i] = (unsigned char)(i * 37 + 11);
    long sum = 0;
    for (int off = 0; off < 8; off++)
        for (int n = 0; n + off <= 64; n++) {
            sum += memcmp(a + off, b + off, n) == 0;
            for (int at = 0; at < n; at += 3) {
                unsigned char old = b[off + at];
                b[off + at] = (unsigned char)(old + 0x81);
                int c1 = memcmp(a + off, b + off, n), c2 = memcmp(b + off, a + off, n);
                sum += (c1 > 0) - (c1 < 0) + 3 * ((c2 > 0) - (c2 < 0));
                b[off + at] = old;
                const unsigned char *p = memchr(a + off, a[off + at], n);
                sum += p ? p - (a + off) : -1;
            }
            sum += memchr(a + off, 0x100 + 7, n) != NULL;
        }
    printf("mem %ld\n", sum);
    return 0;
}

/* Functions far past the JVM's 64 KiB of bytecode per method (and HotSpot's 8,000 bytes), made
   by macros: straight-line array arithmetic (8,192 statements), a switch interpreter of 256
   cases with fallthrough and returns from inside, and a state machine of gotos. The JVM back
   end splits each into methods of its own (jvm/MethodSplitter). */
#include <stdio.h>

static long a[64];

/* 8,192 statements in one block */
#define S1(k) acc = (acc * 3 + (k) + a[(k) & 63]) % 1000003; a[((k) * 7) & 63] = acc ^ (k);
#define S4(k) S1(k) S1((k) + 1) S1((k) + 2) S1((k) + 3)
#define S16(k) S4(k) S4((k) + 4) S4((k) + 8) S4((k) + 12)
#define S64(k) S16(k) S16((k) + 16) S16((k) + 32) S16((k) + 48)
#define S256(k) S64(k) S64((k) + 64) S64((k) + 128) S64((k) + 192)
#define S1024(k) S256(k) S256((k) + 256) S256((k) + 512) S256((k) + 768)

static long straight(long seed) {
    long acc = seed;
    S1024(0) S1024(1024) S1024(2048) S1024(3072)
    return acc;
}

/* 256 cases of 12 statements, every fourth falling through */
#define OP(n) x = (x * ((n) % 13 + 2) + y + (n)) % 1000003; y ^= x >> ((n) % 5 + 1); \
              mem[((n) * 5 + x) & 255] += y & 255; y = (y + mem[(n) & 255]) % 65521;
#define CASE(n) case (n): OP(n) OP((n) + 1) OP((n) + 2) \
                if ((n) % 4 == 3) { if (x % 11 == 4) break; } else { pc += (n) % 3; break; }
#define CASE4(n) CASE(n) CASE((n) + 1) CASE((n) + 2) CASE((n) + 3)
#define CASE16(n) CASE4(n) CASE4((n) + 4) CASE4((n) + 8) CASE4((n) + 12)
#define CASE64(n) CASE16(n) CASE16((n) + 16) CASE16((n) + 32) CASE16((n) + 48)

static long interpret(const unsigned char *code, int start, int steps) {
    long x = 1, y = 2, mem[256] = {0};
    int pc = start;
    for (int step = 0; step < steps; step++) {
        int op = code[pc & 1023];
        pc++;
        switch (op) {
        CASE64(0) CASE64(64) CASE64(128) CASE64(192)
        default:
            x++;
        }
        if (step == steps - 1 && x % 2 == 1) return -x;   /* a return from inside the loop */
    }
    long h = x * 31 + y;
    for (int i = 0; i < 256; i++) h = (h * 31 + mem[i]) % 1000000007;
    return h;
}

/* 512 labels, each a few statements and two gotos, forward and back (most labels are only
   fallen into: the macros name them all) */
#pragma GCC diagnostic ignored "-Wunused-label"
#define L(n) l##n: if (--budget < 0) { goto done; } h = h * 31 + (unsigned long) v + (n); v = (v * 7 + (n)) % 1009; \
             if (v % 3 == 0) { goto pick; } if (v % 3 == 1) { goto next##n; } h ^= h >> 3; next##n:
#define L4(n, m) L(n##0##m) L(n##1##m) L(n##2##m) L(n##3##m)
#define L16(n) L4(n, 0) L4(n, 1) L4(n, 2) L4(n, 3)
#define L64(n) L16(n##0) L16(n##1) L16(n##2) L16(n##3)

static unsigned long machine(int start) {
    unsigned long h = 7;
    long budget = 20000;
    int v = start;
    goto pick;
    L64(1) L64(2) L64(3) L64(4) L64(5) L64(6) L64(7) L64(8)
    goto pick;
pick:
    switch (v % 8) {
    case 0: goto l1000;
    case 1: goto l2111;
    case 2: goto l3222;
    case 3: goto l4333;
    case 4: goto l5100;
    case 5: goto l6231;
    case 6: goto l7312;
    default: goto l8333;
    }
done:
    return h ^ (unsigned long) v;
}

int main(void) {
    for (int i = 0; i < 64; i++) a[i] = i * 3 + 1;
    long s1 = straight(1);
    long s2 = straight(12345);
    printf("straight %ld %ld\n", s1, s2);
    unsigned char code[1024];
    for (int i = 0; i < 1024; i++) code[i] = (unsigned char) ((i * 37 + i / 7) % 263);
    printf("interpret %ld %ld\n", interpret(code, 0, 20000), interpret(code, 1, 777));
    printf("machine %lu %lu\n", machine(1), machine(500));
    return 0;
}

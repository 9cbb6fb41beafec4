/* A function too large for one JVM method that calls setjmp: longjmp comes back from code the
   back end moved into other methods (jvm/MethodSplitter keeps the setjmp in the function's own
   method, and its variables in memory), with volatile variables changed just before the jump,
   a VLA left by the jump, and returns from many places. */
#include <setjmp.h>
#include <stdio.h>

static jmp_buf env;
static long table[64];
static int from, total_jumps;

static void maybe_jump(long v, int where) {
    if (v % 5 == where % 5) {
        from = where + 1;
        longjmp(env, from);
    }
}

#define S1(k) acc = (acc * 3 + (k) + table[(k) & 63]) % 1000003; table[((k) * 7) & 63] = acc ^ (k); \
              if (((k) & 127) == 127) { count++; maybe_jump(acc, (k) / 128); }
#define S4(k) S1(k) S1((k) + 1) S1((k) + 2) S1((k) + 3)
#define S16(k) S4(k) S4((k) + 4) S4((k) + 8) S4((k) + 12)
#define S64(k) S16(k) S16((k) + 16) S16((k) + 32) S16((k) + 48)
#define S256(k) S64(k) S64((k) + 64) S64((k) + 128) S64((k) + 192)

static long run(int n) {
    volatile long acc = n;
    volatile int count = 0, jumps = 0;
    if (setjmp(env) != 0) {
        jumps++;
        total_jumps++;
        acc += from * 1000 + count;
        if (jumps > 12) return -acc;
    }
    if (n > 3) {
        int m = (int) (acc % 7) + 2;
        long vla[m];
        for (int i = 0; i < m; i++) vla[i] = acc + i;
        acc = (acc + vla[m - 1]) % 1000003;
        S256(0)
        if (acc % 5 == 0) return acc;
    }
    S256(256) S256(512)
    if (acc % 3 == 1) return acc * 2;
    S256(768) S256(1024) S256(1280)
    return acc + count;
}

int main(void) {
    for (int i = 0; i < 64; i++) table[i] = i * 5 + 3;
    for (int n = 1; n <= 6; n++) {
        long v = run(n);
        printf("run(%d) = %ld\n", n, v);
    }
    printf("%d jumps\n", total_jumps);
    return 0;
}

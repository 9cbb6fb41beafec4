/* A bytecode interpreter dispatched two ways: THREADED=1 with GNU computed goto (each handler
   ends with goto *ops[next], as CPython's and Lua's loops do), THREADED=0 with a switch in a
   loop. The program computes a sum over a nested loop in bytecode and times the run itself. */
#include <stdio.h>
#include <time.h>

enum { PUSH, LOAD, STORE, ADD, MUL, LT, JNZ, JMP, HALT };

static long interpret(const int *code, long *r) {
    long s[16];
    int sp = 0;
    const int *ip = code;
#if THREADED
    static void *const ops[] = { &&L_PUSH, &&L_LOAD, &&L_STORE, &&L_ADD, &&L_MUL, &&L_LT, &&L_JNZ, &&L_JMP, &&L_HALT };
#define CASE(x) L_##x:
#define NEXT goto *ops[*ip++]
    NEXT;
#else
#define CASE(x) case x:
#define NEXT break
    for (;;) switch (*ip++) {
#endif
    CASE(PUSH)  s[sp++] = *ip++; NEXT;
    CASE(LOAD)  s[sp++] = r[*ip++]; NEXT;
    CASE(STORE) r[*ip++] = s[--sp]; NEXT;
    CASE(ADD)   sp--; s[sp - 1] += s[sp]; NEXT;
    CASE(MUL)   sp--; s[sp - 1] = (s[sp - 1] * s[sp]) & 0xffff; NEXT;
    CASE(LT)    sp--; s[sp - 1] = s[sp - 1] < s[sp]; NEXT;
    CASE(JNZ)   { int t = *ip++; if (s[--sp]) ip = code + t; } NEXT;
    CASE(JMP)   ip = code + *ip; NEXT;
    CASE(HALT)  return r[0];
#if !THREADED
    }
#endif
}

int main(void) {
    /* r0 = 0; r1 = 0; do { r0 = r0 + (r1 * r1 & 0xffff); r1 = r1 + 1; } while (r1 < N); */
    static const int code[] = {
        PUSH, 0, STORE, 0, PUSH, 0, STORE, 1,
        /* 8 */ LOAD, 0, LOAD, 1, LOAD, 1, MUL, ADD, STORE, 0,
        LOAD, 1, PUSH, 1, ADD, STORE, 1,
        LOAD, 1, PUSH, 30000000, LT, JNZ, 8, HALT };
    long regs[4] = { 0, 0, 0, 0 };
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    long v = interpret(code, regs);
    clock_gettime(CLOCK_MONOTONIC, &b);
    fprintf(stderr, "%.4f s\n", (b.tv_sec - a.tv_sec) + (b.tv_nsec - a.tv_nsec) / 1e9);
    printf("%ld\n", v);
    return 0;
}

// GNU computed goto: a threaded-code interpreter (goto *table[op] after each handler), a
// dispatch table of label differences (&&l - &&base, as compact interpreters keep it), label
// addresses compared and stored, and goto * in a loop and from a nested block.
#include <stdio.h>
#include <string.h>

enum { PUSH, LOAD, STORE, ADD, SUB, MUL, MOD, LT, JZ, JMP, PRINT, HALT };

/* A stack machine with 8 registers; each handler ends with its own dispatch (replicated dispatch). */
static long run(const int *code, long *regs) {
    static void *const handlers[] = { &&push, &&load, &&store, &&add, &&sub, &&mul, &&mod, &&lt, &&jz, &&jmp, &&print, &&halt };
    long stack[32];
    int sp = 0;
    const int *ip = code;
    long steps = 0;
#define DISPATCH() do { steps++; goto *handlers[*ip++]; } while (0)
    DISPATCH();
push:  stack[sp++] = *ip++; DISPATCH();
load:  stack[sp++] = regs[*ip++]; DISPATCH();
store: regs[*ip++] = stack[--sp]; DISPATCH();
add:   sp--; stack[sp - 1] += stack[sp]; DISPATCH();
sub:   sp--; stack[sp - 1] -= stack[sp]; DISPATCH();
mul:   sp--; stack[sp - 1] *= stack[sp]; DISPATCH();
mod:   sp--; stack[sp - 1] %= stack[sp]; DISPATCH();
lt:    sp--; stack[sp - 1] = stack[sp - 1] < stack[sp]; DISPATCH();
jz:    { int target = *ip++; if (stack[--sp] == 0) ip = code + target; } DISPATCH();
jmp:   ip = code + *ip; DISPATCH();
print: printf("  %ld\n", stack[--sp]); DISPATCH();
halt:  return steps;
}

/* The same dispatch through offsets from a base label, kept in a table of ints. */
static int count_ops(const char *prog) {
    static const int offsets[] = { &&plus - &&plus, &&minus - &&plus, &&dot - &&plus, &&end - &&plus };
    int acc = 0, dots = 0;
    const char *p = prog;
    for (;;) {
        int k = *p == '+' ? 0 : *p == '-' ? 1 : *p == '.' ? 2 : 3;
        p++;
        goto *(&&plus + offsets[k]);
    plus:  acc++; continue;
    minus: acc--; continue;
    dot:   dots++; continue;
    end:   break;
    }
    return acc * 100 + dots;
}

/* Label addresses as values: stored, compared, chosen at run time. */
static const char *classify(int n) {
    void *where = n < 0 ? &&negative : n == 0 ? &&zero : &&positive;
    void *seen[3];
    int i;
    seen[0] = &&negative; seen[1] = &&zero; seen[2] = &&positive;
    for (i = 0; i < 3; i++)
        if (seen[i] == where) break;
    if (i == 3 || where == 0) return "lost";
    goto *where;
negative: return "negative";
zero:     return "zero";
positive: return "positive";
}

int main(void) {
    /* r0 = 1; r1 = 1; while (r1 < 11) { r0 *= r1; r1 += 1; } print r0;
       r2 = 0; r3 = 0; while (r3 < 100) { if (r3 % 7 == 0) r2 += r3; r3 += 1 } print r2 */
    int code[] = {
        PUSH, 1, STORE, 0, PUSH, 1, STORE, 1,
        /* 8 */ LOAD, 1, PUSH, 11, LT, JZ, 28,
        LOAD, 0, LOAD, 1, MUL, STORE, 0, LOAD, 1, PUSH, 1, ADD, STORE, 1, JMP, 8,
        /* 31 (28 is patched below) */ LOAD, 0, PRINT,
        PUSH, 0, STORE, 2, PUSH, 0, STORE, 3,
        /* 42 */ LOAD, 3, PUSH, 100, LT, JZ, 0,
        LOAD, 3, PUSH, 7, MOD, JZ, 0, JMP, 0,
        /* 58 */ LOAD, 2, LOAD, 3, ADD, STORE, 2,
        /* 65 */ LOAD, 3, PUSH, 1, ADD, STORE, 3, JMP, 42,
        /* 74 */ LOAD, 2, PRINT, HALT };
    long regs[8];
    memset(regs, 0, sizeof regs);
    code[14] = 31;          /* loop exit */
    code[48] = 74;          /* second loop exit */
    code[55] = 58;          /* r3 % 7 == 0: add */
    code[57] = 65;          /* else: skip */
    printf("program:\n");
    long steps = run(code, regs);
    printf("steps %ld, r0 %ld r1 %ld r2 %ld r3 %ld\n", steps, regs[0], regs[1], regs[2], regs[3]);
    printf("count_ops %d %d\n", count_ops("++-+.+..-!"), count_ops("!"));
    printf("%s %s %s\n", classify(-5), classify(0), classify(42));
    return 0;
}

/* setjmp/longjmp between the program's own functions: out of nested and recursive calls, the
 * value (0 becomes 1), several buffers and nested handlers, volatile locals keeping their latest
 * values and unmodified ones theirs, a retry loop, a switch on the value, sigsetjmp/siglongjmp, the unit-test pattern
 * (TEST_PROTECT), and a million jumps out of functions with large automatic arrays (the native
 * stack they used is given back). */
#include <setjmp.h>
#include <stdio.h>
#include <string.h>

static jmp_buf outer, inner;
static sigjmp_buf sig;
static int calls;

static _Noreturn void fail(jmp_buf env, int code) { calls++; longjmp(env, code); }

static int recurse(int n, jmp_buf env) {
  char pad[512];
  if (n < 0) return 0;
  memset(pad, n, sizeof pad);
  if (n == 0) fail(env, 7);
  return recurse(n - 1, env) + pad[3];
}

static int protected_call(void (*test)(int), int arg) {
  static jmp_buf guard;
  if (setjmp(guard) == 0) {
    test(arg);
    return 0;
  }
  return 1;
}

static jmp_buf *current_guard;
static void check(int cond) { if (!cond) longjmp(*current_guard, 1); }
static void test_even(int x) { check(x % 2 == 0); }

static int run_test(void (*t)(int), int x) {
  jmp_buf guard;
  jmp_buf *prev = current_guard;
  int failed;
  current_guard = &guard;
  if (setjmp(guard) == 0) { t(x); failed = 0; } else failed = 1;
  current_guard = prev;
  return failed;
}

static long burn(int depth, jmp_buf env) {
  volatile char big[16384];
  if (depth < 0) return 0;
  big[0] = (char)depth;
  if (depth == 0) longjmp(env, 2);
  return burn(depth - 1, env) + big[0];
}

int main(void) {
  /* out of a recursion, with the value */
  int r = setjmp(outer);
  if (r == 0) {
    printf("first return\n");
    recurse(20, outer);
    printf("not reached\n");
  } else {
    printf("second return %d after %d call(s)\n", r, calls);
  }

  /* a variable not modified after setjmp keeps its value, though a copy of it was modified */
  int a = calls * 6 + 36, b = a;
  if (setjmp(outer) == 0) {
    a = 5;
    printf("a set to %d\n", a);
    fail(outer, 1);
  }
  printf("b kept %d\n", b);

  /* longjmp(env, 0) returns 1 */
  if (setjmp(outer) == 0) fail(outer, 0);
  else printf("zero became %d\n", 1);

  /* nested handlers: the inner buffer first, then the outer one */
  volatile int stage = 0;
  if (setjmp(outer) == 0) {
    stage = 1;
    if (setjmp(inner) == 0) {
      stage = 2;
      fail(inner, 3);
    } else {
      printf("inner caught, stage %d\n", stage);
      stage = 3;
      fail(outer, 4);
    }
  } else {
    printf("outer caught, stage %d\n", stage);
  }

  /* a retry loop: the volatile counter keeps its value across the jumps */
  volatile int tries = 0;
  int v = setjmp(outer);
  tries++;
  if (tries < 5) fail(outer, tries * 10);
  printf("retried: tries %d, last value %d\n", tries, v);

  /* switch on the value */
  for (int k = 1; k <= 3; k++) {
    switch (setjmp(inner)) {
    case 0: fail(inner, k); break;
    case 1: printf("case one\n"); break;
    case 2: printf("case two\n"); break;
    default: printf("case other\n"); break;
    }
  }

  /* sigsetjmp / siglongjmp */
  if (sigsetjmp(sig, 1) == 0) siglongjmp(sig, 9);
  else printf("siglongjmp ok\n");

  /* the unit-test pattern */
  int failures = 0;
  for (int x = 0; x < 10; x++) failures += run_test(test_even, x);
  printf("failures %d of 10\n", failures);
  printf("protected %d\n", protected_call(test_even, 2));

  /* a million jumps out of 16 KiB frames: the native stack is given back each time */
  long jumps = 0;
  for (int i = 0; i < 1000000; i++) {
    if (setjmp(outer) == 0) burn(i % 4, outer);
    else jumps++;
  }
  printf("jumps %ld\n", jumps);
  return 0;
}

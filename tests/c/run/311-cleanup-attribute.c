/* __attribute__((cleanup(fn))): fn(&var) runs when var leaves its scope by any path (the end of
   the block, return, break, continue, a goto out of the block), innermost and latest declared
   first; the return value is computed before the cleanups run; not on longjmp. */
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char trace[512];
static int depth;

static void note(const char *what, int v) {
    char buf[32];
    snprintf(buf, sizeof buf, "%s%d ", what, v);
    strcat(trace, buf);
}

static void done_int(int *p) { note("i", *p); }
static void done_long(const long *p) { note("l", (int)*p); }
static void done_ptr(char **p) {
    note("free:", (int)strlen(*p));
    free(*p);
    *p = NULL;
}
static void done_any(void *p) { note("v", *(short *)p); }

struct buf {
    int len;
    char data[16];
};
static void done_buf(struct buf *b) { note("b", b->len + b->data[0]); }
static void done_arr(int (*a)[4]) { note("a", (*a)[0] + (*a)[3]); }

static void flush(const char *label) {
    printf("%s: %s\n", label, trace);
    trace[0] = 0;
}

static int plain_block(void) {
    int a __attribute__((cleanup(done_int))) = 1;
    {
        int b __attribute__((cleanup(done_int))) = 2, c __attribute__((cleanup(done_int))) = 3;
        note("in", b + c);
    }
    long d __attribute__((__cleanup__(done_long))) = 4;
    note("end", (int)d);
    return a;
}

/* the returned value is read before the cleanup changes the variable */
static void bump(int *p) {
    note("bump", *p);
    *p += 100;
}
static int returns_before_cleanup(int x) {
    int r __attribute__((cleanup(bump))) = x * 2;
    if (x > 5) return r + 1;
    return r;
}

static int loops(int n) {
    int total = 0;
    for (int i = 0; i < n; i++) {
        int k __attribute__((cleanup(done_int))) = i;
        if (i == 1) continue;
        if (i == 3) break;
        total += k;
    }
    int j = 0;
    while (1) {
        short s __attribute__((cleanup(done_any))) = (short)(10 + j);
        if (++j == 3) break;
    }
    do {
        int once __attribute__((cleanup(done_int))) = 77;
        total += once;
    } while (0);
    return total;
}

static int with_goto(int n) {
    int tries = 0;
again : {
    int t __attribute__((cleanup(done_int))) = 50 + tries;
    tries++;
    if (tries < n) goto again;
    {
        int inner __attribute__((cleanup(done_int))) = 60;
        if (n > 2) goto out;
        note("stay", inner);
    }
}
out:
    return tries;
}

static int with_switch(int v) {
    int r = 0;
    switch (v) {
    case 1: {
        int c1 __attribute__((cleanup(done_int))) = 91;
        r = c1;
        break;
    }
    case 2: {
        int c2 __attribute__((cleanup(done_int))) = 92;
        r = c2;
    } /* falls through */
    default:
        r++;
    }
    return r;
}

static char *dup(const char *s) {
    char *p = malloc(strlen(s) + 1);
    strcpy(p, s);
    return p;
}

static int owned_strings(const char *a, const char *b) {
    char *x __attribute__((cleanup(done_ptr))) = dup(a);
    char *y __attribute__((cleanup(done_ptr))) = dup(b);
    if (strlen(x) > strlen(y)) return 1;
    return strcmp(x, y) < 0 ? -1 : 2;
}

static int aggregates(void) {
    struct buf bb __attribute__((cleanup(done_buf))) = {3, "A"};
    bb.len += 4;
    int arr[4] __attribute__((cleanup(done_arr))) = {8, 9};
    arr[0]++;
    return bb.len + arr[1];
}

static jmp_buf env;
static void jumper(void) {
    int skipped __attribute__((cleanup(done_int))) = 13;
    note("jump", skipped);
    longjmp(env, 1);
}

static int recursive(int n) {
    int level __attribute__((cleanup(done_int))) = n;
    depth++;
    if (n == 0) return 0;
    return n + recursive(n - 1);
}

static int stmt_expr(int x) {
    int y = ({
        int t __attribute__((cleanup(done_int))) = x + 1;
        t * 2;
    });
    return y;
}

static int uninit_then_set(int x) {
    int v __attribute__((cleanup(done_int)));
    v = x * 3;
    return v;
}

int main(void) {
    note("ret", plain_block());
    flush("block");
    note("ret", returns_before_cleanup(3));
    note("ret", returns_before_cleanup(7));
    flush("return");
    note("ret", loops(5));
    flush("loops");
    note("ret", with_goto(1));
    flush("goto1");
    note("ret", with_goto(3));
    flush("goto3");
    for (int v = 0; v < 4; v++) note("ret", with_switch(v));
    flush("switch");
    note("ret", owned_strings("abc", "ab"));
    note("ret", owned_strings("abc", "abd"));
    flush("strings");
    note("ret", aggregates());
    flush("aggregates");
    if (setjmp(env) == 0) jumper();
    flush("longjmp");
    note("ret", recursive(4));
    note("depth", depth);
    flush("recursive");
    note("ret", stmt_expr(5));
    note("ret", uninit_then_set(4));
    flush("misc");
    return 0;
}

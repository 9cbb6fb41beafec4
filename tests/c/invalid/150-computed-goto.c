// CHECK: 11:12: warning: returning address of label, which is local [-Wreturn-stack-address]
// CHECK: 20:10: error: incompatible integer to pointer conversion passing 'int' to parameter of type 'const void *' [-Wint-conversion]
// CHECK: 21:10: error: passing 'double' to parameter of incompatible type 'const void *'
// CHECK: 22:10: error: passing 'struct (unnamed struct at 150-computed-goto.c:18:5)' to parameter of incompatible type 'const void *'
// CHECK: 23:13: error: use of undeclared label 'nowhere'
// CHECK: 30:37: warning: returning address of label, which is local [-Wreturn-stack-address]
// CHECK: 30:39: error: use of undeclared label 'one'
// GNU computed goto misused: goto * takes a pointer (as a const void * argument), && a label of
// the same function, and a label's address does not outlive its function's frame.
void *escape(void) {
    return &&inside;
inside:
    return 0;
}

int dispatch(int i, double d) {
    static void *table[] = { &&one, &&two };
    struct { int x; } s = { 0 };
    goto *table[i & 1];
    goto *i;
    goto *d;
    goto *s;
    goto *&&nowhere;
one:
    return 1;
two:
    return 2;
}

void *other_function(void) { return &&one; }

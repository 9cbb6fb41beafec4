// CHECK: 16:12: error: variable 'a' is uninitialized when used here [-Werror,-Wuninitialized]
// CHECK: 22:19: error: variable 'none' is uninitialized when used here [-Werror,-Wuninitialized]
// CHECK: 32:28: error: variable 'never' is uninitialized when used here [-Werror,-Wuninitialized]
// CHECK: 28:20: error: variable 'acc' is uninitialized when used here [-Werror,-Wuninitialized]
// CHECK: 46:5: error: variable 'k' is uninitialized when used here [-Werror,-Wuninitialized]
// CHECK: 48:5: error: variable 'm' is uninitialized when used here [-Werror,-Wuninitialized]
// FLAGS: -Wall
// CHECK-WARN
// CHECK-ALL
// -Wuninitialized: reads that no path initializes (x += 1 and x++ are reads); a value on every
// path, an address taken, or a loop that assigns later do not warn; several in clang's order.
int consume(int *p);

int straight(void) {
    int a;
    return a + 1;
}

int branches(int c) {
    int both, none;
    if (c) { both = 1; } else { both = 2; }
    return both + none;
}

int loops(int n) {
    int acc, later, never;
    for (int i = 0; i < n; i++) {
        if (i > 0) acc += later;
        later = i;
    }
    acc = 0;
    while (n-- > 0) acc += never;
    return acc;
}

int escapes(void) {
    int x;
    consume(&x);
    int y;
    int *p = &y;
    return x + *p;
}

int compound(void) {
    int k;
    k += 1;
    int m;
    m++;
    return k + m;
}

int main(void) { return straight() + branches(1) + loops(3) + escapes() + compound(); }

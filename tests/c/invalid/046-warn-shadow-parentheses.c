// CHECK: 16:9: error: declaration shadows a variable in the global scope [-Werror,-Wshadow]
// CHECK: 19:13: error: declaration shadows a local variable [-Werror,-Wshadow]
// CHECK: 23:13: error: declaration shadows a local variable [-Werror,-Wshadow]
// CHECK: 26:11: error: using the result of an assignment as a condition without parentheses [-Werror,-Wparentheses]
// CHECK: 28:14: error: using the result of an assignment as a condition without parentheses [-Werror,-Wparentheses]
// CHECK: 30:14: error: using the result of an assignment as a condition without parentheses [-Werror,-Wparentheses]
// CHECK: 31:21: error: using the result of an assignment as a condition without parentheses [-Werror,-Wparentheses]
// FLAGS: -Wshadow
// CHECK-WARN
// CHECK-ALL
// -Wshadow (a local hiding a local, a parameter or a global) and -Wparentheses (an assignment
// used as a condition; on by default), with the forms that are quiet.
int level = 3;

int f(int n, int *out) {
    int level = n;
    int x = 0;
    for (int i = 0; i < n; i++) {
        int x = i;
        *out += x;
    }
    {
        int n = 2;
        *out += n;
    }
    if (x = n) *out += 1;
    if ((x = n)) *out += 1;
    while (x = *out - 5) *out -= 1;
    while ((x = 0)) { }
    for (; x = 0; ) { }
    do { } while (x = 0);
    if (x == n) *out += 1;
    return level + x;
}

int main(void) { int o = 0; return f(1, &o) == 99; }

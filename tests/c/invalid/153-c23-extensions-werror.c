// CHECK: 8:17: error: omitting the parameter name in a function definition is a C23 extension [-Werror,-Wc23-extensions]
// CHECK: 11:9: error: label followed by a declaration is a C23 extension [-Werror,-Wc23-extensions]
// CHECK: 14:5: error: label at end of compound statement is a C23 extension [-Werror,-Wc23-extensions]
// CHECK: 18:5: error: label at end of compound statement is a C23 extension [-Werror,-Wc23-extensions]
// CHECK-WARN
// What C23 allows and clang 19 accepts before it, as extensions [-Wc23-extensions]: a label at
// the end of a block or before a declaration, and parameters without names in a definition.
int f(int a, int) {
    switch (a) {
    case 1:
        int x = 2;
        return x;
    default:
    }
    if (a > 3) {
        goto out;
    out:
    }
    return 0;
}

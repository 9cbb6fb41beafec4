// CHECK: 13:5: error: no previous prototype for function 'undeclared' [-Werror,-Wmissing-prototypes]
// CHECK: 15:5: error: no previous prototype for function 'classify' [-Werror,-Wmissing-prototypes]
// CHECK: 21:5: error: unannotated fall-through between switch labels [-Werror,-Wimplicit-fallthrough]
// CHECK: 34:5: error: unannotated fall-through between switch labels [-Werror,-Wimplicit-fallthrough]
// FLAGS: -Wimplicit-fallthrough -Wmissing-prototypes
// CHECK-WARN
// CHECK-ALL
// -Wimplicit-fallthrough (an unannotated fall into a case label) and -Wmissing-prototypes (an
// external function defined with no declaration before it).
int declared(int x);
int declared(int x) { return x; }
static int internal(int x) { return x + 1; }
int undeclared(int x) { return internal(x); }

int classify(int v) {
    int r = 0;
    switch (v) {
    case 0:
    case 1:
        r = 1;
    case 2:
        r += 2;
        break;
    case 3:
        r = 3;
        __attribute__((fallthrough));
    case 4:
        if (v) { r = 4; break; } else { r = 5; break; }
    case 5:
        r = 6;
        return r;
    case 6:
        r = 7;
    default:
        r++;
    }
    return r;
}

int main(void) { return classify(1) + declared(0) + undeclared(0) == 99; }

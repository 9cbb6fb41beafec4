// CHECK: 12:8: error: type specifier missing, defaults to 'int' [-Werror,-Wimplicit-int]
// CHECK: 14:1: error: type specifier missing, defaults to 'int' [-Werror,-Wimplicit-int]
// CHECK: 16:5: error: a function definition without a prototype is deprecated in all versions of C and is not supported in C23 [-Werror,-Wdeprecated-non-prototype]
// CHECK: 19:14: error: type specifier missing, defaults to 'int' [-Werror,-Wimplicit-int]
// CHECK: 20:13: error: implicit declaration of function 'later' [-Werror,-Wimplicit-function-declaration]
// CHECK: 20:41: error: too few arguments in call to 'add' [-Werror]
// CHECK: 21:5: error: implicitly declaring library function 'printf' with type 'int (const char *, ...)' [-Werror,-Wimplicit-function-declaration]
// FLAGS: -std=gnu89 -Wall
// CHECK-WARN
// C89 accepts implicit int, implicit function declarations and K&R definitions; -Wall says so
// (-Wimplicit-int, -Wimplicit-function-declaration), clang's -Wdeprecated-non-prototype always.
static counter = 3;

f() { return counter; }

int add(a, b) int a; int b; { return a + b; }

int main(void) {
    register i = 2;
    int r = later(i) + add(1, 2) + add(1) + f();
    printf("%d\n", r);
    return 0;
}

int later(int v) { return v; }

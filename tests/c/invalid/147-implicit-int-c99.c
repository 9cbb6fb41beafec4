// CHECK: 19:8: error: type specifier missing, defaults to 'int'; ISO C99 and later do not support implicit int [-Wimplicit-int]
// CHECK: 20:7: error: type specifier missing, defaults to 'int'; ISO C99 and later do not support implicit int [-Wimplicit-int]
// CHECK: 20:19: error: type specifier missing, defaults to 'int'; ISO C99 and later do not support implicit int [-Wimplicit-int]
// CHECK: 21:2: error: type specifier missing, defaults to 'int'; ISO C99 and later do not support implicit int [-Wimplicit-int]
// CHECK: 22:1: error: type specifier missing, defaults to 'int'; ISO C99 and later do not support implicit int [-Wimplicit-int]
// CHECK: 23:8: error: type specifier missing, defaults to 'int'; ISO C99 and later do not support implicit int [-Wimplicit-int]
// CHECK: 25:19: error: type specifier missing, defaults to 'int'; ISO C99 and later do not support implicit int [-Wimplicit-int]
// CHECK: 25:28: error: type specifier missing, defaults to 'int'; ISO C99 and later do not support implicit int [-Wimplicit-int]
// CHECK: 26:14: error: type specifier missing, defaults to 'int'; ISO C99 and later do not support implicit int [-Wimplicit-int]
// CHECK: 27:10: error: type specifier missing, defaults to 'int'; ISO C99 and later do not support implicit int [-Wimplicit-int]
// CHECK: 28:12: error: type specifier missing, defaults to 'int'; ISO C99 and later do not support implicit int [-Wimplicit-int]
// CHECK: 28:15: error: type specifier missing, defaults to 'int'; ISO C99 and later do not support implicit int [-Wimplicit-int]
// CHECK: 29:34: error: type specifier missing, defaults to 'int'; ISO C99 and later do not support implicit int [-Wimplicit-int]
// CHECK: 29:54: error: type specifier missing, defaults to 'int'; ISO C99 and later do not support implicit int [-Wimplicit-int]
// CHECK: 32:18: error: type specifier missing, defaults to 'int'; ISO C99 and later do not support implicit int [-Wimplicit-int]
// CHECK: 34:8: error: unknown type name 'unknown_type'
// C89's implicit int from C99 on: an error clang gives by default ([-Wimplicit-int], which
// -Wno-error=implicit-int makes a warning), once per declarator, where its name is.
static counter = 3;
const limit = 10, other = 11;
*pointer;
f() { return counter; }
extern g(void);

int uses(register r, const c) {
    register i = r;
    auto a = c;
    static s, t;
    return i + a + s + t + (const)1 + sizeof(volatile);
}

struct S { const member; unsigned ok; };

static unknown_type value;

int main(void) { return f() + g() + uses(1, 2); }

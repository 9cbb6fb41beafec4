// CHECK: 26:39: warning: incompatible pointer types passing 'int[6]' to parameter of type 'const char *' [-Wincompatible-pointer-types]
// CHECK: 26:22: error: invalid cpu name for builtin
// CHECK: 27:45: warning: incompatible pointer types passing 'unsigned int[5]' to parameter of type 'const char *' [-Wincompatible-pointer-types]
// CHECK: 27:22: warning: invalid cpu feature string for builtin
// CHECK: 27:73: warning: incompatible pointer types passing 'unsigned short[6]' to parameter of type 'const char *' [-Wincompatible-pointer-types]
// CHECK: 27:56: error: invalid cpu name for builtin
// CHECK: 28:16: error: initializer element is not a compile-time constant
// CHECK: 29:48: error: too many arguments to function call, expected 1, have 2
// CHECK: 30:22: error: invalid cpu name for builtin
// CHECK: 30:52: error: invalid cpu name for builtin
// CHECK: 30:84: error: invalid cpu name for builtin
// CHECK: 31:16: error: static assertion expression is not an integral constant expression
// CHECK: 32:47: error: expression is not a string literal
// CHECK: 32:69: error: expression is not a string literal
// CHECK: 33:39: error: incompatible integer to pointer conversion passing 'int' to parameter of type 'const char *' [-Wint-conversion]
// CHECK: 33:22: error: expression is not a string literal
// CHECK: 33:44: error: expression is not a string literal
// CHECK: 34:45: error: passing 'struct S' to parameter of incompatible type 'const char *'
// __builtin_cpu_is and __builtin_cpu_supports take a const char * that must be a string literal
// (concatenated, parenthesized or u8 is one; a cast or a variable is not), checked as clang 19
// checks it: the argument is passed first (a wide literal is an incompatible pointer, an integer
// an int-conversion error, a struct an error that ends the check), then the name must be one clang
// knows exactly (no embedded NUL, no blanks, case matters); the calls are not constant expressions.
struct S { int x; } s;
int a(void) { return __builtin_cpu_is("inte" "l") + __builtin_cpu_is(("haswell")) + __builtin_cpu_is(u8"znver3"); }
int b(void) { return __builtin_cpu_is(L"intel"); }
int c(void) { return __builtin_cpu_supports(U"avx2") + __builtin_cpu_is(u"intel"); }
static int d = __builtin_cpu_is("intel");
int e(void) { return __builtin_cpu_is("intel", "amd"); }
int f(void) { return __builtin_cpu_is("HASWELL") + __builtin_cpu_is("haswell\0") + __builtin_cpu_is(" intel"); }
_Static_assert(__builtin_cpu_is("amd"), "never constant");
int h(void) { const char *n = "intel"; return __builtin_cpu_is(n) + __builtin_cpu_is((const char *)"amd"); }
int i(void) { return __builtin_cpu_is(1) + __builtin_cpu_is(0); }
int j(void) { return __builtin_cpu_supports(s); }

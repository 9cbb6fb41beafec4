// CHECK: 21:34: error: expected string literal as argument of 'ifunc' attribute
// CHECK: 22:28: error: 'ifunc' attribute takes one argument
// CHECK: 23:28: error: 'ifunc' attribute takes one argument
// CHECK: 24:24: warning: 'ifunc' attribute only applies to functions [-Wignored-attributes]
// CHECK: 25:30: warning: GCC does not allow 'ifunc' attribute in this position on a function definition [-Wgcc-compat]
// CHECK: 25:30: error: definition 'e4' cannot also be an ifunc
// CHECK: 26:23: warning: invalid cpu feature string for builtin
// CHECK: 27:32: error: expression is not a string literal
// CHECK: 28:23: error: invalid cpu name for builtin
// CHECK: 30:36: error: too many arguments to function call, expected 0, have 1
// CHECK: 31:46: error: too few arguments to function call, expected 1, have 0
// ifunc and the __builtin_cpu_* builtins checked as clang checks them: ifunc takes one string
// argument, applies to functions only and never to a definition; the builtins take a string
// literal naming a feature or processor clang knows (an unknown feature is a warning and the call
// is false). (A resolver the unit does not define, or one that does not return a pointer, is an
// error of code generation, which -fsyntax-only does not reach.)
typedef int (*fn_t)(int);
static int impl(int x) { return x; }
static fn_t resolver(void) { return impl; }
int good(int) __attribute__((ifunc("resolver")));
int e1(int) __attribute__((ifunc(resolver)));
int e2(int) __attribute__((ifunc));
int e3(int) __attribute__((ifunc("resolver", "more")));
int obj __attribute__((ifunc("resolver")));
int e4(int x) __attribute__((ifunc("resolver"))) { return x; }
int f1(void) { return __builtin_cpu_supports("avx3"); }
int f2(const char *s) { return __builtin_cpu_supports(s); }
int f3(void) { return __builtin_cpu_is("pentium9"); }
int f4(void) { return __builtin_cpu_is("intel") + __builtin_cpu_is("amdfam17h") + __builtin_cpu_supports("x86-64-v3"); }
void f5(void) { __builtin_cpu_init(1); }
int f6(void) { return __builtin_cpu_supports(); }

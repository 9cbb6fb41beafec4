// CHECK: 16:35: error: expected string literal as argument of 'alias' attribute
// CHECK: 17:29: error: 'alias' attribute takes one argument
// CHECK: 18:29: warning: GCC does not allow 'alias' attribute in this position on a function definition [-Wgcc-compat]
// CHECK: 18:29: error: definition 'e3' cannot also be an alias
// CHECK: 23:22: error: definition 'x' cannot also be an alias
// CHECK: 24:37: error: 'alias' attribute only applies to functions and global variables
// The alias attribute checked as clang checks it: one string argument, functions and file-scope
// objects only, never on a definition. (A target the unit does not define and a cycle of aliases
// are errors of code generation, which -fsyntax-only does not reach.)
int f(void) { return 1; }
int v = 3;
int g(void) __attribute__((alias("f")));
int h(void) __attribute__((weak, alias("f")));
extern int w __attribute__((alias("v")));
int nodef(void) __attribute__((alias("nosuch")));
int e1(void) __attribute__((alias(f)));
int e2(void) __attribute__((alias));
int e3(void) __attribute__((alias("f"))) { return 2; }
int c1(void) __attribute__((alias("c2")));
int c2(void) __attribute__((alias("c1")));
static int sf(void) { return 5; }
int sa(void) __attribute__((alias("sf")));
int x __attribute__((alias("v"))) = 4;
void t(void) { int l __attribute__((alias("v"))); }
int k(int) __attribute__((alias("v")));

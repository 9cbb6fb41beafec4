// CHECK: 7:5: error: redefinition of a 'extern inline' function 'twice' is not supported in C99 mode
// CHECK: 10:5: error: redefinition of 'plain'
// In C99 an extern inline definition is the function's external definition: another one is a
// redefinition, said as clang 19 says it (in GNU89, -std=gnu89 or -fgnu89-inline, the second one
// is the function's definition and the first is for inlining only).
extern inline int twice(int v) { return v * 2; }
int twice(int v) { return v + v; }

inline int plain(int v) { return v; }
int plain(int v) { return v; }

int main(void) { return twice(1) + plain(2); }

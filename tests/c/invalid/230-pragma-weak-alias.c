// CHECK: 20:13: warning: expected identifier in '#pragma weak' - ignored [-Wignored-pragmas]
// CHECK: 21:18: warning: expected identifier in '#pragma weak' - ignored [-Wignored-pragmas]
// CHECK: 25:5: error: redefinition of 'd1'
// CHECK: 27:5: error: redefinition of 'd2'
// CHECK: 29:8: error: conflicting types for 'd3'
// CHECK: 32:19: warning: expected identifier in '#pragma weak' - ignored [-Wignored-pragmas]
// CHECK: 19:14: warning: weak identifier 'never_declared' never declared
// CHECK: 22:14: warning: weak identifier 'later_static' never declared
// CHECK: 31:14: warning: 'weak' attribute only applies to variables and functions [-Wignored-attributes]
// CHECK: 37:14: warning: weak identifier 'nothing_here' never declared
// CHECK-ALL
// #pragma weak name = target, checked as clang checks it: a name or target never declared (or
// declared static only after the pragma) is a warning and the pragma does nothing; a typedef target
// is not a function or object; the alias is a definition, so defining name again is an error,
// and so is declaring it with another type. (A target declared but not defined, and an alias of
// itself, are errors of code generation, which -fsyntax-only does not reach.)
int f(void) { return 1; }
int v = 3;
#pragma weak a1 = never_declared
#pragma weak
#pragma weak a2 =
#pragma weak a3 = later_static
static int later_static(void) { return 2; }
#pragma weak d1 = f
int d1(void) { return 2; }
#pragma weak d2 = v
int d2 = 5;
#pragma weak d3 = f
double d3(void);
typedef int T;
#pragma weak T2 = T
#pragma weak a4 = 12
#pragma weak fine = f
int fine(void);
#pragma weak a5 = later_extern
int later_extern(void) { return 4; }
#pragma weak nothing_here
void g(void) {
#pragma weak inner = f
}
int main(void) { return fine() + a5() + inner(); }

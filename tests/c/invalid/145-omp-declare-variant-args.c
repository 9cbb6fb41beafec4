// CHECK: 33:29: error: variant in '#pragma omp declare variant' with type 'void (int *, int)' is incompatible with type 'void (int *, int)' with appended arguments
// CHECK: 35:90: error: use of undeclared identifier 'q'
// CHECK: 37:29: error: variant in '#pragma omp declare variant' with type 'void (int *, int, omp_interop_t)' (aka 'void (int *, int, void *)') is incompatible with type 'void (int *, int)'
// CHECK: 39:81: error: expected interop type: 'target' and/or 'targetsync'
// CHECK: 41:61: error: directive '#pragma omp declare variant' cannot contain more than one 'append_args' clause
// CHECK: 43:59: error: 'append_args' clause requires 'dispatch' context selector
// CHECK: 45:90: error: 'adjust_arg' argument 'p' used in multiple clauses
// CHECK: 47:93: error: 'adjust_arg' argument 'p' used in multiple clauses
// CHECK: 49:90: error: expected reference to one of the parameters of function 'f9'
// CHECK: 51:90: error: expected reference to one of the parameters of function 'f10'
// CHECK: 53:59: error: 'adjust_args' clause requires 'dispatch' context selector
// CHECK: 55:73: error: incorrect adjust_args type, expected 'need_device_ptr' or 'nothing'
// CHECK: 57:89: warning: interop type 'target' cannot be specified more than once [-Wopenmp-clauses]
// CHECK: 59:81: error: expected interop type: 'target' and/or 'targetsync'
// CHECK: 62:6: error: 'append_args' is not allowed with varargs functions
// CHECK: 64:6: error: function with '#pragma omp declare variant' must have a prototype when 'append_args' is used
// CHECK: 67:81: error: expected interop type: 'target' and/or 'targetsync'
// CHECK: 67:92: error: expected ')'
// CHECK: 69:73: error: unexpected operation specified in 'append_args' clause, expected 'interop'
// CHECK: 71:88: warning: missing ':' after adjust-op - ignoring [-Wignored-pragmas]
// CHECK: 71:88: error: expected expression
// CHECK-ALL
// declare variant's adjust_args and append_args (OpenMP 5.2 §7.5): parameters of the base
// function only, each in one clause; interop types; one append_args; a dispatch selector; the
// variant's type with the appended omp_interop_t parameters; a prototype and no varargs. A
// directive with an error is dropped (no type check after it), as clang does.
#include <omp.h>
void v2(int *p, int n) { }
void v3(int *p, int n, omp_interop_t a) { }
void v4(int *p, int n, omp_interop_t a, omp_interop_t b) { }
void vv(int *p, int n, omp_interop_t a, ...) { }
int glob;
#pragma omp declare variant(v2) match(construct={dispatch}) append_args(interop(targetsync))
void f1(int *p, int n) { }
#pragma omp declare variant(v3) match(construct={dispatch}) adjust_args(need_device_ptr: q)
void f2(int *p, int n) { }
#pragma omp declare variant(v3) match(construct={dispatch}) adjust_args(need_device_ptr: p)
void f3(int *p, int n) { }
#pragma omp declare variant(v3) match(construct={dispatch}) append_args(interop(foo))
void f4(int *p, int n) { }
#pragma omp declare variant(v3) match(construct={dispatch}) append_args(interop(targetsync)) append_args(interop(target))
void f5(int *p, int n) { }
#pragma omp declare variant(v3) match(construct={target}) append_args(interop(targetsync))
void f6(int *p, int n) { }
#pragma omp declare variant(v2) match(construct={dispatch}) adjust_args(need_device_ptr: p) adjust_args(nothing: p)
void f7(int *p, int n) { }
#pragma omp declare variant(v2) match(construct={dispatch}) adjust_args(need_device_ptr: p, p)
void f8(int *p, int n) { }
#pragma omp declare variant(v2) match(construct={dispatch}) adjust_args(need_device_ptr: p[0])
void f9(int *p, int n) { }
#pragma omp declare variant(v2) match(construct={dispatch}) adjust_args(need_device_ptr: glob)
void f10(int *p, int n) { }
#pragma omp declare variant(v2) match(construct={target}) adjust_args(need_device_ptr: p)
void f11(int *p, int n) { }
#pragma omp declare variant(v2) match(construct={dispatch}) adjust_args(foo: p)
void f12(int *p, int n) { }
#pragma omp declare variant(v3) match(construct={dispatch}) append_args(interop(target, target))
void f13(int *p, int n) { }
#pragma omp declare variant(v3) match(construct={dispatch}) append_args(interop())
void f14(int *p, int n) { }
#pragma omp declare variant(vv) match(construct={dispatch}) append_args(interop(target))
void f15(int *p, int n, ...) { }
#pragma omp declare variant(v3) match(construct={dispatch}) append_args(interop(target))
void f16();
#pragma omp declare variant(v4) match(construct={dispatch}) append_args(interop(target), interop(targetsync))
void f17(int *p, int n);
#pragma omp declare variant(v3) match(construct={dispatch}) append_args(interop(prefer_type(1), targetsync))
void f18(int *p, int n) { }
#pragma omp declare variant(v3) match(construct={dispatch}) append_args(other(target))
void f19(int *p, int n) { }
#pragma omp declare variant(v3) match(construct={dispatch}) adjust_args(need_device_ptr)
void f20(int *p, int n) { }
#pragma omp declare variant(v3) match(construct={dispatch}) adjust_args(nothing: n) append_args(interop(target, targetsync))
void f21(int *p, int n) { }

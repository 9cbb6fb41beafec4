// CHECK: 23:17: error: incomplete type 'void' where a complete type is required
// CHECK: 24:3: error: address argument to atomic operation must be a pointer to non-const type ('const int *' invalid)
// CHECK: 25:20: warning: incompatible pointer types passing 'long *' to parameter of type 'int *' [-Wincompatible-pointer-types]
// CHECK: 26:3: error: address argument to atomic operation must be a pointer to non-const type ('const struct S *' invalid)
// CHECK: 27:29: error: too few arguments to function call, expected 4, have 3
// CHECK: 29:20: error: incompatible integer to pointer conversion passing 'int' to parameter of type 'int *' [-Wint-conversion]
// CHECK: 30:3: error: address argument to atomic operation must be a pointer to _Atomic type ('int *' invalid)
// CHECK: 31:3: error: address argument to atomic operation must be a pointer to non-const _Atomic type ('const _Atomic(int) *' invalid)
// CHECK: 32:3: error: address argument to atomic operation must be a pointer to atomic integer, pointer or supported floating point type ('_Atomic(struct S) *' invalid)
// CHECK: 34:3: error: address argument to atomic operation must be a pointer to atomic integer ('_Atomic(float) *' invalid)
// CHECK: 36:45: warning: incompatible pointer types passing 'long *' to parameter of type 'int *' [-Wincompatible-pointer-types]
// CHECK: 37:31: error: too few arguments to function call, expected 3, have 2
/* GCC's generic atomics and clang's __c11 ones with operands clang refuses: a void or const
 * location, a value pointer of another type (a warning), a missing operand, an integer where a
 * pointer goes; a location that is not _Atomic, is const, or is a struct or float where the
 * operation wants an integer (or pointer). */
struct S { int a, b, c; };
const int ci;
_Atomic struct S as;
const _Atomic int cai;
void f(int *p, struct S *s, void *v, long *l, const struct S *cs, int x) {
  int r; struct S rs;
  __atomic_load(v, &r, 5);
  __atomic_store(&ci, &r, 5);
  __atomic_load(p, l, 5);
  __atomic_store(cs, s, 5);
  __atomic_exchange(p, &r, 5);
  _Bool b = __atomic_compare_exchange(s, &rs, &rs, 0, 5, 5);
  __atomic_load(p, 3, 5);
  __c11_atomic_load(p, 5);
  __c11_atomic_store(&cai, 1, 5);
  __c11_atomic_fetch_add(&as, 1, 5);
  _Atomic float af;
  __c11_atomic_fetch_and(&af, 1, 5);
  _Atomic int ai;
  __c11_atomic_compare_exchange_strong(&ai, l, 1, 5, 5);
  __c11_atomic_exchange(&ai, 1);
  (void) b; (void) x;
}

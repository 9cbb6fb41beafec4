// CHECK: 16:3: error: address argument to atomic operation must be a pointer to atomic integer, pointer or supported floating point type ('_Atomic(struct P) *' invalid)
// CHECK: 17:26: error: passing 'struct Q' to parameter of incompatible type 'struct P'
// CHECK: 18:3: error: address argument to atomic operation must be a pointer to _Atomic type ('struct P *' invalid)
// CHECK: 19:44: warning: incompatible pointer types passing 'struct P *' to parameter of type 'struct Q *' [-Wincompatible-pointer-types]
/* clang's __c11_atomic_* on _Atomic structs: load, store, exchange and compare-exchange take
 * them, the arithmetic operations do not, and the values must have the struct's type. */
struct P { int a, b; };
struct Q { long x, y, z; };
_Atomic struct P p;
_Atomic struct Q q;
struct P plain;

int f(void) {
  struct P v = {1, 2};
  struct Q w = {3, 4, 5};
  __c11_atomic_fetch_add(&p, 1, __ATOMIC_SEQ_CST);
  __c11_atomic_store(&p, w, __ATOMIC_SEQ_CST);
  __c11_atomic_load(&plain, __ATOMIC_SEQ_CST);
  __c11_atomic_compare_exchange_strong(&q, &v, w, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  struct Q r = __c11_atomic_exchange(&q, w, __ATOMIC_SEQ_CST);
  return (int)r.x;
}

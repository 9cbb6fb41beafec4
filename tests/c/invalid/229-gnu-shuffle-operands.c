// CHECK: 18:3: error: '__builtin_shuffle' number of elements of the argument vector(s) and the mask vector should be the same
// CHECK: 20:3: error: '__builtin_shuffle' last argument must be an integer vector
// CHECK: 21:3: error: '__builtin_shuffle' number of elements of the argument vector(s) and the mask vector should be the same
// CHECK: 22:3: error: '__builtin_shuffle' argument vectors must be of the same type
// CHECK: 23:3: error: '__builtin_shuffle' arguments must be vectors
// CHECK: 24:3: error: wrong number of arguments to '__builtin_shuffle'
// CHECK-ALL
// CLANG-CANNOT: clang 19 has no __builtin_shuffle (gcc's): the CHECK lines are jomp's, with gcc 12's words
/* gcc's __builtin_shuffle with operands gcc 12 refuses (its messages, in clang's form): a mask of
 * another element count, a mask that is not an integer vector, vectors of two types, a scalar, a
 * wrong number of operands. */
typedef int v4si __attribute__((vector_size(16)));
typedef float v4sf __attribute__((vector_size(16)));
typedef short v8hi __attribute__((vector_size(16)));
typedef long v2di __attribute__((vector_size(16)));
typedef unsigned v4su __attribute__((vector_size(16)));
void f(v4si a, v4sf b, v8hi c, v2di d, v4su m, int x) {
  __builtin_shuffle(a, c);
  __builtin_shuffle(b, a);
  __builtin_shuffle(b, b);
  __builtin_shuffle(a, d);
  __builtin_shuffle(a, b, m);
  __builtin_shuffle(x, m);
  __builtin_shuffle(a, a, a, a);
}

// CHECK: 14:9: error: first two arguments to '__builtin_shufflevector' must have the same type
// CHECK: 15:9: error: index for __builtin_shufflevector must be less than the total number of vector elements
// CHECK: 16:9: error: index for __builtin_shufflevector must be a constant integer
// CHECK: 17:9: error: first two arguments to '__builtin_shufflevector' must be vectors
// CHECK: 18:9: error: first two arguments to __builtin_convertvector must have the same number of elements
// CHECK: 19:9: error: first argument to __builtin_convertvector must be a vector
// CHECK: 20:9: error: second argument to __builtin_convertvector must be of vector type
// __builtin_shufflevector and __builtin_convertvector checked as clang checks them: vectors of one
// type, constant indices within both vectors, a vector type with as many elements to convert to.
typedef int v4si __attribute__((vector_size(16)));
typedef int v2si __attribute__((vector_size(8)));
typedef float v4sf __attribute__((vector_size(16)));
void f(v4si a, v2si b, int i) {
  (void)__builtin_shufflevector(a, b, 0, 1);
  (void)__builtin_shufflevector(a, a, 0, 9);
  (void)__builtin_shufflevector(a, a, i, 1);
  (void)__builtin_shufflevector(i, i, 0, 1);
  (void)__builtin_convertvector(a, v2si);
  (void)__builtin_convertvector(i, v4sf);
  (void)__builtin_convertvector(a, float);
}

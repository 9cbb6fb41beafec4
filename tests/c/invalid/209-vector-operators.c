// CHECK: 28:12: error: cannot convert between vector type 'v2si' (vector of 2 'int' values) and vector type 'v4si' (vector of 4 'int' values) as implicit conversion would cause truncation
// CHECK: 29:12: error: invalid operands to binary expression ('v4sf' (vector of 4 'float' values) and 'v4sf')
// CHECK: 30:10: error: invalid argument type 'v4sf' (vector of 4 'float' values) to unary expression
// CHECK: 31:12: error: cannot convert between vector and non-scalar values ('v4si' (vector of 4 'int' values) and 'struct s')
// CHECK: 32:12: error: cannot convert between vector and non-scalar values ('v4si' (vector of 4 'int' values) and 'int *')
// CHECK: 33:12: error: used type 'v4sf' (vector of 4 'float' values) where integer is required
// CHECK: 34:9: error: invalid conversion between vector type 'v2si' (vector of 2 'int' values) and 'v4si' (vector of 4 'int' values) of different size
// CHECK: 35:9: error: invalid conversion between vector type 'v4si' (vector of 4 'int' values) and integer type 'long' of different size
// CHECK: 37:5: error: assigning to 'int' from incompatible type 'v4si' (vector of 4 'int' values)
// CHECK: 40:12: error: cannot convert between scalar type 'double' and vector type 'v4si' (vector of 4 'int' values) as implicit conversion would cause truncation
// CHECK: 41:12: error: cannot convert between scalar type 'long' and vector type 'v4si' (vector of 4 'int' values) as implicit conversion would cause truncation
// CHECK: 43:12: error: cannot convert between scalar type 'double' and vector type 'v4sf' (vector of 4 'float' values) as implicit conversion would cause truncation
// CHECK: 48:12: error: cannot convert between scalar type 'unsigned int' and vector type 'v4si' (vector of 4 'int' values) as implicit conversion would cause truncation
// CHECK: 51:12: error: invalid operands to binary expression ('v4sf' (vector of 4 'float' values) and 'v4sf')
// CHECK: 52:12: error: used type 'v4sf' (vector of 4 'float' values) where integer is required
// CHECK: 55:10: error: invalid argument type 'v4si' (vector of 4 'int' values) to unary expression
// CHECK: 56:12: error: logical expression with vector types 'v4si' (vector of 4 'int' values) and 'v4si' is only supported in C++
// Operators on GCC vectors checked as clang checks them: operands of one vector type, or a
// vector and a scalar; integer-only operators on float vectors; casts only between types of the
// same size.
// Scalars convert to the element type only without truncation; && and || take no vectors in C.
typedef unsigned v4su __attribute__((vector_size(16)));
typedef int v4si __attribute__((vector_size(16)));
typedef int v2si __attribute__((vector_size(8)));
typedef float v4sf __attribute__((vector_size(16)));
struct s { int x; };
void f(v4si a, v2si b, v4sf c, struct s t, int *p) {
  (void)(a + b);
  (void)(c % c);
  (void)(~c);
  (void)(a + t);
  (void)(a + p);
  (void)(c << 1);
  (void)(v2si)a;
  (void)(long)a;
  int i = 0;
  i += a;
}
void g(v4si a, v4sf c, v4su u, long l, double d, short s, float fl, unsigned ui) {
  (void)(a + 1.5);
  (void)(a + l);
  (void)(a + 1L);
  (void)(c + d);
  (void)(c + 1.5);
  (void)(c + s);
  (void)(a + s);
  (void)(c + fl);
  (void)(a + ui);
  (void)(a + u);
  (void)(a + c);
  (void)(c & c);
  (void)(a << c);
  (void)(1 << a);
  (void)(a << 1L);
  (void)(!a);
  (void)(a && a);
}

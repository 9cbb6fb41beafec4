// CHECK: 14:12: error: bit-field 'f' has non-integral type '_Float16'
// CHECK: 17:13: error: invalid operands to binary expression ('_Float16' and '_Float16')
// CHECK: 18:13: error: invalid operands to binary expression ('_Float16' and 'int')
// CHECK: 19:18: error: invalid operands to binary expression ('_Float16' and 'int')
// CHECK: 20:5: error: invalid operands to binary expression ('_Float16' and '_Float16')
// CHECK: 21:21: warning: format specifies type 'double' but the argument has type '_Float16' [-Wformat]
// CHECK: 21:24: warning: format specifies type 'int' but the argument has type '_Float16' [-Wformat]
// CHECK: 22:3: error: statement requires expression of integer type ('_Float16' invalid)
// CHECK: 23:27: error: invalid argument type '_Float16' to unary expression
// _Float16 is a floating type: no %, bitwise operators or shifts, no bit-fields; a _Float16
// argument of printf is not promoted to double (clang warns, as for long double).
#include <stdio.h>
struct s {
  _Float16 f : 4;
};
int f(_Float16 a, _Float16 b, int i) {
  int x = a % b;
  int y = a & 1;
  _Float16 z = a << i;
  z |= b;
  printf("%f %d\n", a, b);
  switch (a) { default: break; }
  return x + y + (int)z + ~a;
}

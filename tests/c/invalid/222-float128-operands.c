// CHECK: 14:14: error: bit-field 'f' has non-integral type '__float128'
// CHECK: 17:13: error: invalid operands to binary expression ('__float128' and '__float128')
// CHECK: 18:13: error: invalid operands to binary expression ('__float128' and 'int')
// CHECK: 19:20: error: invalid operands to binary expression ('__float128' and 'int')
// CHECK: 20:5: error: invalid operands to binary expression ('__float128' and '__float128')
// CHECK: 21:21: warning: format specifies type 'double' but the argument has type '__float128' [-Wformat]
// CHECK: 21:24: warning: format specifies type 'int' but the argument has type '__float128' [-Wformat]
// CHECK: 22:3: error: statement requires expression of integer type ('__float128' invalid)
// CHECK: 23:27: error: invalid argument type '__float128' to unary expression
// __float128 is a floating type: no %, bitwise operators or shifts, no bit-fields, not a switch
// condition, no ~; a __float128 argument of printf is not promoted to double (clang warns).
#include <stdio.h>
struct s {
  __float128 f : 4;
};
int f(__float128 a, __float128 b, int i) {
  int x = a % b;
  int y = a & 1;
  __float128 z = a << i;
  z |= b;
  printf("%f %d\n", a, b);
  switch (a) { default: break; }
  return x + y + (int)z + ~a;
}

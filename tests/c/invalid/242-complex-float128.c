// CHECK: 10:14: error: invalid operands to binary expression ('cq' (aka '_Complex __float128') and 'cq')
// CHECK: 11:12: error: invalid operands to binary expression ('cq' (aka '_Complex __float128') and 'int')
// CHECK: 12:12: error: invalid operands to binary expression ('cq' (aka '_Complex __float128') and 'cq')
// CHECK: 13:16: error: array subscript is not an integer
/* _Complex __float128 where C has no such operation: an ordering comparison, %, a bitwise
 * operator, and a complex operand where an integer is needed; gcc and clang refuse each. */
typedef _Complex __float128 cq;

int f(cq a, cq b, int *p) {
  int lt = a < b;
  cq m = a % 2;
  cq o = a | b;
  return lt + p[a] + (int)(m + o);
}

// CHECK: 10:14: error: invalid operands to binary expression ('ch' (aka '_Complex _Float16') and 'ch')
// CHECK: 11:12: error: invalid operands to binary expression ('ch' (aka '_Complex _Float16') and 'int')
// CHECK: 12:12: error: invalid operands to binary expression ('ch' (aka '_Complex _Float16') and 'ch')
// CHECK: 13:16: error: array subscript is not an integer
/* _Complex _Float16 where C has no such operation: an ordering comparison, %, a bitwise operator,
 * and a complex operand where an integer is needed; gcc and clang refuse each. */
typedef _Complex _Float16 ch;

int f(ch a, ch b, int *p) {
  int lt = a < b;
  ch m = a % 2;
  ch o = a | b;
  return lt + p[a] + (int)(m + o);
}

// CHECK: 12:14: error: width of bit-field 'x' (9 bits) exceeds the width of its type (8 bits)
// CHECK: 14:23: error: width of bit-field 'z' (4 bits) exceeds the width of its type (3 bits)
// CHECK: 16:10: error: invalid suffix 'uWb' on integer constant
// CHECK: 17:10: error: invalid suffix 'Wb' on integer constant
// CHECK: 19:13: error: redefinition of 'v' with a different type: 'signed char' vs '_BitInt(8)'
// CHECK: 21:14: error: redefinition of 'w' with a different type: 'unsigned int' vs 'unsigned _BitInt(32)'
// CHECK: 23:6: error: conflicting types for 'f'
// CHECK: 25:15: warning: incompatible pointer types initializing '_BitInt(8) *' with an expression of type 'signed char *' [-Wincompatible-pointer-types]
// _BitInt bit-fields are at most N bits wide; the wb suffixes are wb and WB, with u or U before
// or after (not mixed case); a _BitInt is its own type: not signed char, not int.
struct s {
  _BitInt(8) x : 9;
  unsigned _BitInt(3) y : 3;
  unsigned _BitInt(3) z : 4;
};
int a = 1uWb;
int b = 2Wb;
_BitInt(8) v;
signed char v;
unsigned _BitInt(32) w;
unsigned int w;
void f(_BitInt(16) *p);
void f(short *p);
int g(void) {
  _BitInt(8) *q = (signed char *)0;
  return *q;
}

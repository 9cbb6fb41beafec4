// CHECK: 8:1: error: signed _BitInt must have a bit size of at least 2
// CHECK: 9:1: error: unsigned _BitInt must have a bit size of at least 1
// CHECK: 10:1: error: 'long _BitInt' is invalid
// CHECK: 12:9: error: expression is not an integer constant expression
// CHECK: 13:9: error: integer constant expression must have integer type, not 'double'
// _BitInt's widths: at least 2 bits signed and 1 unsigned; an integer
// constant expression; not combined with other type words.
signed _BitInt(1) a;
unsigned _BitInt(0) c;
long _BitInt(8) e;
int x;
_BitInt(x) g;
_BitInt(3.0) h;
unsigned _BitInt(4) ok;

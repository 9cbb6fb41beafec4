// CHECK: 12:1: error: signed _BitInt of bit sizes greater than 8388608 not supported
// CHECK: 13:1: error: unsigned _BitInt of bit sizes greater than 8388608 not supported
// CHECK: 14:10: error: signed _BitInt of bit sizes greater than 8388608 not supported
// CHECK: 17:16: error: width of bit-field 'f' (201 bits) exceeds the width of its type (200 bits)
// CHECK: 18:29: error: width of bit-field 'g' (8388608 bits) exceeds the width of its type (8388607 bits)
// CHECK: 21:16: error: 'e' declared as an array with a negative size
// CHECK: 22:10: error: initializer element is not a compile-time constant
// _BitInt(N) goes to clang's BITINT_MAXWIDTH, 8388608 bits (signed and unsigned, in a cast
// too); the widest ones are types like any other: a bit-field is at most N bits wide, a wide
// constant expression can make an array's size negative, and a wide value is no address
// constant.
_BitInt(8388609) a;
unsigned _BitInt(10000000) b;
int n = (_BitInt(8388610))1;
unsigned _BitInt(8388608) ok;
struct s {
  _BitInt(200) f : 201;
  unsigned _BitInt(8388607) g : 8388608;
};
_BitInt(300) c;
_BitInt(256) e[(long)(((_BitInt(256))1 << 200 >> 199) - 3)];
int *p = (int *)c;

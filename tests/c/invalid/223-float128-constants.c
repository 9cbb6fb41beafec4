// CHECK: 13:17: error: invalid suffix 'q' on integer constant
// CHECK: 14:19: error: invalid suffix 'qq' on floating constant
// CHECK: 15:21: error: hexadecimal floating constant requires an exponent
// CHECK: 16:19: error: invalid suffix 'Qf' on floating constant
// CHECK: 19:41: error: pointer cannot be cast to type '__float128'
// CHECK: 20:38: error: operand of type '__float128' cannot be cast to a pointer type
// CHECK: 21:15: error: invalid suffix 'ff' on floating constant
// CHECK: 22:17: error: hexadecimal floating constant requires an exponent
// CHECK: 23:16: error: invalid suffix 'x' on floating constant
// __float128 constants: q and Q suffix a floating constant only (an integer with one is an error),
// once; a hexadecimal one needs its exponent. Conversions between pointers and __float128 are errors.
// Errors point at the first character after the digits, for every floating constant.
__float128 a = 2q;
__float128 b = 1.5qq;
__float128 c = 0x1.8q;
__float128 d = 1.5Qf;
__float128 e = 1e5q;
int *p;
__float128 f(void) { return (__float128)p; }
int *g(__float128 x) { return (int *)x; }
double h = 1.5ff;
double k = 0x1.8;
double m = 1e+5x;

// CHECK: 13:9: error: '_BitInt' suffix for literals is a C23 extension [-Werror,-Wc23-extensions]
// CHECK: 14:14: error: '_BitInt' suffix for literals is a C23 extension [-Werror,-Wc23-extensions]
// CHECK: 15:41: error: shift count >= width of type [-Werror,-Wshift-count-overflow]
// CHECK: 16:38: error: shift count >= width of type [-Werror,-Wshift-count-overflow]
// CHECK: 18:41: error: shift count >= width of type [-Werror,-Wshift-count-overflow]
// CHECK: 19:14: error: '_BitInt' suffix for literals is a C23 extension [-Werror,-Wc23-extensions]
// CHECK: 19:20: error: '_BitInt' suffix for literals is a C23 extension [-Werror,-Wc23-extensions]
// CHECK: 19:26: error: '_BitInt' suffix for literals is a C23 extension [-Werror,-Wc23-extensions]
// CHECK: 19:33: error: '_BitInt' suffix for literals is a C23 extension [-Werror,-Wc23-extensions]
// CHECK-WARN
// Before C23 the wb suffixes are an extension clang warns about (on by default); a shift by a
// constant past a _BitInt's width (its N, not its storage's) is warned about at the operator.
int a = 5wb;
unsigned b = 7uwb + 1;
int e(unsigned _BitInt(7) x) { return x << 7; }
int f(_BitInt(7) x) { return (int)(x >> 9); }
int g(unsigned _BitInt(7) x) { return x << 6; }
long h(_BitInt(70) x) { return (long)(x << 70); }
int k = (int)3wb + 1WB + 2UWB + 0wbu;

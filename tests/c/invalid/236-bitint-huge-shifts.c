// CHECK: 11:27: error: shift count >= width of type [-Werror,-Wshift-count-overflow]
// CHECK: 12:27: error: shift count >= width of type [-Werror,-Wshift-count-overflow]
// CHECK: 13:27: error: shift count is negative [-Werror,-Wshift-count-negative]
// CHECK: 14:47: error: '_BitInt' suffix for literals is a C23 extension [-Werror,-Wc23-extensions]
// CHECK: 14:44: error: shift count >= width of type [-Werror,-Wshift-count-overflow]
// CHECK: 15:27: error: shift count >= width of type [-Werror,-Wshift-count-overflow]
// CHECK-WARN
// A constant shift count past a wide _BitInt's width is warned about at the operator, and a
// negative one too, also when the count is itself a _BitInt of more than 64 bits.
typedef _BitInt(300) s300;
s300 f(s300 x) { return x << 300; }
s300 g(s300 x) { return x >> 301; }
s300 h(s300 x) { return x << -(s300)7; }
unsigned _BitInt(200) k(s300 x) { return x << 0x10000000000000000000000000000000000wb; }
s300 m(s300 x) { return x >> (s300)1000; }
s300 ok(s300 x) { return x << 299 >> (unsigned _BitInt(129))100; }

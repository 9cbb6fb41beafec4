// CHECK: 11:8: error: expression is not an integer constant expression
// CHECK: 9:8: error: duplicate case value '1267650600228229401496703205376'
// CHECK: 15:8: error: duplicate case value '340282366920938463463374607431768211455'
// switch on an __int128: case values are 128-bit constants, checked for duplicates as clang
// checks them (values beyond 64 bits included, signed and unsigned).
int f(__int128 v, unsigned __int128 u, int k) {
  switch (v) {
  case (__int128)1 << 100: return 1;
  case ((__int128)1 << 100) + 0: return 2;
  case -((__int128)1 << 90): return 3;
  case k: return 4;
  }
  switch (u) {
  case ~(unsigned __int128)0: return 5;
  case -1: return 6;
  }
  return 0;
}

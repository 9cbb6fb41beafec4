// CHECK: 13:25: warning: expected identifier in '#pragma redefine_extname' - ignored [-Wignored-pragmas]
// CHECK: 14:29: warning: expected identifier in '#pragma redefine_extname' - ignored [-Wignored-pragmas]
// CHECK: 16:12: warning: #pragma redefine_extname is applicable to external C declarations only; not applied to function 'st' [-Wpragmas]
// CHECK: 18:11: error: argument value 1024 is outside the valid range [0, 1023]
// CHECK: 19:8: error: argument to '__builtin_isfpclass' must be a constant integer
// CHECK: 20:28: error: floating point classification requires argument of floating point type (passed in 'int')
// CHECK: 21:8: error: argument value -1 is outside the valid range [0, 1023]
// CHECK: 22:29: error: too few arguments to function call, expected 2, have 1
/* __builtin_isfpclass with a mask out of range or not constant, an integer operand, one operand
 * missing; #pragma redefine_extname without its two names, and on a static function (which has
 * no external name to change). */
int m;
#pragma redefine_extname
#pragma redefine_extname one
#pragma redefine_extname st real_st
static int st(void) { return 3; }
int f(double d, int i) {
  int a = __builtin_isfpclass(d, 1024);
  a += __builtin_isfpclass(d, m);
  a += __builtin_isfpclass(i, 3);
  a += __builtin_isfpclass(d, -1);
  a += __builtin_isfpclass(d);
  return a + st();
}

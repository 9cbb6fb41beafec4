// CHECK: 7:6: warning: missing terminating ' character [-Winvalid-pp-token]
// CHECK: 7:6: error: token is not a valid binary operator in a preprocessor subexpression
// CHECK: 9:10: warning: missing terminating ' character [-Winvalid-pp-token]
// CHECK: 9:10: error: expected ';' after top level declarator
/* Digit separators before C23: a quote after a number starts a character constant, as in clang
 * (gnu11 here), so 1'000 in #if and in code are errors. */
#if 1'000 == 1000
#endif
int x = 1'000;

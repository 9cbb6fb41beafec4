// CHECK: 15:10: warning: empty character constant [-Winvalid-pp-token]
// CHECK: 15:10: error: expected ';' after top level declarator
// CHECK: 16:10: error: digit separator cannot appear at end of digit sequence
// CHECK: 17:15: error: digit separator cannot appear at end of digit sequence
// CHECK: 18:17: error: digit separator cannot appear at start of digit sequence
// CHECK: 19:17: error: digit separator cannot appear at end of digit sequence
// CHECK: 20:10: error: invalid suffix 'x'1' on integer constant
// CHECK: 21:10: error: digit separator cannot appear at end of digit sequence
// CHECK: 21:11: error: invalid suffix '_' on integer constant
// CHECK: 22:13: error: digit separator cannot appear at end of digit sequence
// FLAGS: -std=c23
/* C23's digit separators where clang rejects them: next to the suffix, the exponent (or after its
 * sign) or the decimal point, and right after 0x (clang reads 0x'1 as 0 with a bad suffix), and a
 * quote that is no separator: '' is an empty character constant. */
int i = 1''0;
int a = 1'u;
double b = 0x1'p2;
double c = 1.5e+'2;
double d = 0x1.8'p1;
int e = 0x'1;
int f = 1'_;
double g = 1'e2;
long h = 1'0L;

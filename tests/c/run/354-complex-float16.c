/* _Complex _Float16 (gcc's and clang's on x86-64): layout, + - * / with complex and real operands
 * (gcc computes in float complex, __mulsc3 and __divsc3, and rounds each part to binary16 once),
 * imaginary f16 constants, __builtin_complex of _Float16 parts (gcc's; clang 19 refuses it, so
 * its build, CorpusOracleTest's, sets the parts through __real__ and __imag__),
 * __real__/__imag__ as values and lvalues, conversions to and from float, double and long double
 * complex and real types, by value in calls and returns, in structs and arrays, static
 * initialisers, comparisons and truth values, overflow to infinity, compound assignment. */
#include <stdio.h>
#include <complex.h>

typedef _Complex _Float16 ch;
#ifdef __clang__
#define C16(r, i) ({ ch z_; __real__ z_ = (r); __imag__ z_ = (i); z_; })
#else
#define C16(r, i) __builtin_complex((_Float16)(r), (_Float16)(i))
#endif

struct S { char c; ch z; ch arr[2]; };
static ch table[3] = {1.5f16 + 2.25if16, -0.1f16 * 1.0if16, 3};
static struct S s0 = {'x', 0.5f16 - 0.75if16, {1, 2.0if16}};

static void show(const char *what, ch z) {
  printf("%-8s %.10g %+.10gi\n", what, (double)__real__ z, (double)__imag__ z);
}
static ch mul(ch a, ch b) { return a * b; }
static ch dv(ch a, ch b) { return a / b; }
static ch conj16(ch a) { return ~a; }
static ch twice(ch *p) { *p += *p; return *p; }

int main(void) {
  printf("%zu %zu %zu\n", sizeof(ch), _Alignof(ch), sizeof(struct S));
  volatile _Float16 x = 1.1f16, y = 2.3f16;
  ch a = x + y * 1.0if16;
  ch b = C16(0.7f16, -1.9f16);
  show("a", a);
  show("b", b);
  show("a+b", a + b);
  show("a-b", a - b);
  show("a*b", mul(a, b));
  show("a/b", dv(a, b));
  show("b/a", b / a);
  show("a-3.3", a - 3.3f16);
  show("2*a", 2 * a);
  show("a*0.1", a * (_Float16)0.1f16);
  show("a/3", a / 3);
  show("7/a", 7 / a);
  show("-a", -a);
  show("~a", conj16(a));
  show("1.0if16", 1.0if16);
  /* a float operand makes it float complex (not rounded to binary16) */
  _Complex float cf = a * 0.1f;
  printf("cf       %.10g %+.10gi\n", (double)crealf(cf), (double)cimagf(cf));
  _Complex double cd = a / 3.0;
  printf("cd       %.17g %+.17gi\n", creal(cd), cimag(cd));
  ch back = (ch)(1.0 / 3.0 + 2.0 / 3.0 * I);
  show("back", back);
  ch fromf = (ch)(_Complex float)(0.1f + 0.2f * I);
  show("fromf", fromf);
  long double complex ld = a;
  printf("ld       %.10g %+.10gi\n", (double)__real__ ld, (double)__imag__ ld);
  _Float16 re = a;
  double d = (double)b;
  int n = (int)(a * 3);
  printf("re %.10g d %.10g n %d\n", (double)re, d, n);
  /* overflow: parts beyond 65504 become infinity once rounded; float keeps what binary16 cannot */
  ch big = C16(300.f16, 300.f16);
  show("big*big", big * big);
  show("big/sm", big / C16(0.01f16, 0.02f16));
  show("tiny", C16(0.001f16, 0.002f16) * 0.001f16);
  /* lvalues, compound assignment, comparisons, truth */
  ch z = a;
  __real__ z = 4;
  __imag__ z *= 2;
  show("z", z);
  z *= b;
  show("z*=b", z);
  z /= 2;
  show("z/=2", z);
  z -= 1.0if16;
  show("z-=i", z);
  show("twice", twice(&z));
  printf("eq %d %d ne %d truth %d %d %d\n", a == a, a == b, a != b, !a, !(ch)0, (_Bool)(ch)1.0if16);
  printf("real16 %d\n", __real__ a == x);
  /* static data, structs, arrays */
  for (int i = 0; i < 3; i++) show("table", table[i]);
  show("s0.z", s0.z);
  show("s0.arr1", s0.arr[1]);
  struct S s = s0;
  s.arr[0] = a * a;
  show("s.arr0", s.arr[0]);
  ch sum = 0;
  for (int i = 1; i <= 20; i++) sum += (ch)(_Float16)i / (ch)(i * 1.0if16 + 1);
  show("sum", sum);
  return 0;
}

/* _Complex __float128 (gcc's _Complex _Float128; quadmath.h's __complex128 is mode(TC)): layout
   (32 bytes, 16-aligned), + - * / with mixed real and complex operands, * and / as libgcc's
   __multc3 and __divtc3 bit for bit (C11 Annex G's infinities recovered from NaN results, the
   scaling of tiny and huge quotients: every pair of 15 special and ordinary parts, hashed), unary
   minus, ++ and -- (GNU's: the real part steps; _Complex double's too), ~ (conjugate),
   __real__/__imag__ as lvalues, == and !=, the truth value, conversions to and from other complex
   and real types, Qi/iq/if128 imaginary constants, __builtin_complex, static initialisers, by
   value in calls and returns, varargs, structs and arrays. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* gcc 12 spells it _Complex _Float128 only, clang 19 _Complex __float128 only (it has no _Float128
   and no if128 suffix); jomp takes both and is built the gcc way */
#if defined(__clang__) && !defined(__jomp__)
typedef _Complex __float128 cq;
#define F128I(x) x##Qi
#define IF128(x) x##Qi
#define INFQ ((__float128)__builtin_inf()) /* clang 19 has no __builtin_infq/nanq */
#define NANQ ((__float128)__builtin_nan(""))
#else
typedef _Complex _Float128 cq;
#define F128I(x) x##f128i
#define IF128(x) x##if128
#define INFQ __builtin_infq()
#define NANQ __builtin_nanq("")
#endif
typedef _Complex float __attribute__((mode(TC))) complex128;

static void show(const char *n, cq z) { printf("%s %.17g %.17g\n", n, (double)__real__ z, (double)__imag__ z); }
static unsigned long long mix(cq z) { unsigned long long w[4]; memcpy(w, &z, 32); return w[0] ^ w[1] * 3 ^ w[2] * 5 ^ w[3] * 7; }
static void bits(const char *n, cq z) { unsigned long long w[4]; memcpy(w, &z, 32); printf("%s %016llx%016llx %016llx%016llx\n", n, w[1], w[0], w[3], w[2]); }
static cq vsum(int n, ...) { va_list ap; va_start(ap, n); cq s = 0; for (int i = 0; i < n; i++) s += va_arg(ap, cq); va_end(ap); return s; }
struct P { cq a; double d; cq b; };
static struct P swap(struct P p) { struct P q = {p.b, -p.d, p.a}; return q; }
static cq many(int a, cq x, double b, cq y, float c, cq z) { return x * a + y * b + z * c; }
static cq sq(cq z) { return z * z; }
struct S { char c; cq z; int k; };
static cq g = 1.5Q + 2.25Qi;
static cq arr[2] = {1.0Q, -3.0Qi};
static struct S gs = {'x', __builtin_complex(1.0Q / 3, 2.0Q), 7};
static complex128 h = 2.0iq - 0.5Q;

int main(void) {
    printf("%zu %zu %zu %zu %d\n", sizeof(cq), _Alignof(cq), sizeof(struct S), sizeof(complex128),
           __builtin_types_compatible_p(cq, complex128));
  cq a = 1.0Q + 2.0Qi, b = __builtin_complex(3.0Q, -4.0Q);
  show("add", a + b); show("sub", a - b); show("mul", a * b); show("div", a / b);
  show("neg", -a); show("conj", ~b); show("sq", sq(b));
  show("g", g); show("arr0", arr[0]); show("arr1", arr[1]); show("gs", gs.z); printf("%c %d\n", gs.c, gs.k);
  cq c = a; __real__ c = 5; __imag__ c += 0.5Q; show("c", c);
  cq d = a * 2; show("d", d); cq e = 3.0 / a; show("e", e); cq f2 = a + 1.0f; show("f", f2);
  _Complex double zd = a / 3; printf("zd %.17g %.17g\n", __real__ zd, __imag__ zd);
  cq fromd = zd; show("fromd", fromd); __float128 r = b; printf("r %.17g\n", (double)r);
  printf("eq %d %d %d\n", a == a, a != b, a == 1.0Q + 2.0Qi);
  printf("truth %d %d\n", !!a, !(cq)0); if (a) printf("yes\n");
  cq x = 1.0Q / 3 + 1.0Qi / 7; cq y = x * x / (x + 1);
  printf("%.17g %.17g\n", (double)(__real__ y - (double)__real__ y), (double)(__imag__ y - (double)__imag__ y));
  __float128 inf = INFQ, nan = NANQ;
  cq zi = __builtin_complex(inf, nan), one = 1;
  show("infmul", zi * one); show("infdiv", zi / (cq)2); show("div0", one / (cq)0);
  show("fin/inf", one / __builtin_complex(inf, inf));
  cq big = __builtin_complex(0x1p16000Q, 0x1p16000Q); show("bigdiv", big / big);
  cq tiny = __builtin_complex(0x1p-16000Q, 0x1p-16010Q); show("tinydiv", one / tiny);
  cq acc = 0; for (int i = 1; i <= 10; i++) acc += (cq)i / (acc + 1.0Qi); show("acc", acc);
  acc *= a; acc /= b; acc -= 1; show("acc2", acc);
  cq k = IF128(1.0) + F128I(2.0) * 3; show("k", k); show("h", h);
  bits("vsum", vsum(3, (cq)1, 2.0Qi, __builtin_complex(3.0Q, 4.0Q)));
  struct P p = {1 + 2.0Qi, 0.5, 3 - 4.0Qi}; struct P q = swap(p); bits("swap.a", q.a); bits("swap.b", q.b); printf("%g\n", q.d);
  bits("many", many(2, 1.0Qi, 0.25, 8, 3.0f, 1.0Q / 3));
  static const __float128 vals[] = {0, -0.0Q, 1, -1.5Q, 0x1p16383Q, -0x1p16383Q, 0x1p-16382Q, 0x1p-16494Q, 1.0Q / 3, 7e300Q, INFQ, -INFQ, NANQ, 1e-4000Q, 0x1.fffffffffffffffffffffffffffp+16383Q};
  int n = sizeof vals / sizeof vals[0]; unsigned long long h = 0;
  for (int a = 0; a < n; a++) for (int b = 0; b < n; b++) for (int c = 0; c < n; c++) for (int d = 0; d < n; d++) {
    cq x = __builtin_complex(vals[a], vals[b]), y = __builtin_complex(vals[c], vals[d]);
    cq m = x * y, v = x / y;
    h = h * 31 + mix(m); h = h * 31 + mix(v);
    if ((a * 7 + b * 5 + c * 3 + d) % 997 == 0) { bits("m", m); bits("d", v); }
  }
  printf("hash %016llx\n", h);
  cq inc = 1.5Q + 2.0Qi; inc++; ++inc; inc--; show("inc", inc); show("post", inc--); show("pre", --inc);
  _Complex double zd2 = 0.5 + 1.0i; --zd2; zd2++; zd2++; printf("zd2 %g %g\n", __real__ zd2, __imag__ zd2);
  return 0;
}

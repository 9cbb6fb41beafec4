/* sscanf's edges (jomp's Java scanf engine, compared with glibc's): %n before, between and after
 * conversions and with every length, scansets (ranges, '^', ']' first, '-' last), %c with widths
 * (no terminating NUL), %s widths, suppression with '*', literal characters and whitespace
 * directives, %%, %i's bases, %x's prefix, %o, %u of a negative, floats (exponents, inf, nan,
 * hex, widths that cut them), %p, integer lengths, long double, and the return values: EOF
 * (input failure before any conversion), matching failures, partial matches. */
#include <stdio.h>
#include <stddef.h>
#include <string.h>

static void show_bytes(const char *what, const char *b, int n) {
  printf("%s:", what);
  for (int i = 0; i < n; i++) printf(" %02x", (unsigned char)b[i]);
  printf("\n");
}

int main(void) {
  int a = -1, b = -1, c = -1, n1 = -1, n2 = -1, n3 = -1, r;
  char s[32], t[32];
  double d = -1, e = -1;
  float f = -1;

  /* %n counts characters consumed; it is not an assignment */
  r = sscanf("  12 34xyz", "%n%d%n %d%n", &n1, &a, &n2, &b, &n3);
  printf("n: r=%d a=%d b=%d n=%d,%d,%d\n", r, a, b, n1, n2, n3);
  signed char hh = 0; short h = 0; long l = 0; long long ll = 0;
  r = sscanf("abcdef", "abc%hhn%hn%ln%lln", &hh, &h, &l, &ll);
  printf("n lengths: r=%d %d %d %ld %lld\n", r, hh, h, l, ll);
  n1 = -1;
  r = sscanf("abc", "abd%n", &n1);
  printf("n after a failed literal: r=%d n=%d\n", r, n1);

  /* scansets */
  memset(s, 'Z', sizeof s);
  r = sscanf("abc123def", "%[a-c]%[0-9]", s, t);
  printf("ranges: r=%d [%s] [%s]\n", r, s, t);
  r = sscanf("]]]x-y", "%[]]%[^-]", s, t);
  printf("] first: r=%d [%s] [%s]\n", r, s, t);
  r = sscanf("a-b-c+", "%[-abc]", s);
  printf("- first: r=%d [%s]\n", r, s);
  r = sscanf("ab-c+", "%[abc-]", s);
  printf("- last: r=%d [%s]\n", r, s);
  r = sscanf("hello world", "%4[^ ]%s", s, t);
  printf("width 4: r=%d [%s] [%s]\n", r, s, t);
  s[0] = 'Q'; s[1] = 0;
  r = sscanf("123", "%[a-z]", s);
  printf("empty scanset match: r=%d [%s]\n", r, s);
  r = sscanf("", "%[a-z]", s);
  printf("scanset at the end: r=%d\n", r);
  r = sscanf("x:y", "%*[^:]:%s", s);
  printf("suppressed scanset: r=%d [%s]\n", r, s);

  /* %c: no skipping of white space, no NUL, width counts */
  memset(s, '#', sizeof s);
  r = sscanf(" xyz", "%c%3c", s, s + 5);
  show_bytes("chars", s, 9);
  printf("chars: r=%d\n", r);
  memset(s, '#', sizeof s);
  r = sscanf("ab", "%5c", s);
  printf("short %%5c: r=%d first [%c%c] then %02x\n", r, s[0], s[1], (unsigned char)s[2]);
  r = sscanf(" ", " %c", s);
  printf("%%c after skipping to the end: r=%d\n", r);

  /* %s widths and suppression */
  r = sscanf("abcdefgh ijk", "%3s%2s%*s%s", s, t, s + 10);
  printf("widths: r=%d [%s] [%s] [%s]\n", r, s, t, s + 10);
  r = sscanf("1 2 3", "%*d %d %*d", &a);
  printf("suppressed ints: r=%d a=%d\n", r, a);

  /* literals and whitespace directives */
  r = sscanf("x = 5 ;  y=  6", "x = %d ; y = %d", &a, &b);
  printf("literals: r=%d %d %d\n", r, a, b);
  r = sscanf("10%20", "%d%%%d", &a, &b);
  printf("percent: r=%d %d %d\n", r, a, b);
  r = sscanf("10 % 20", "%d %% %d", &a, &b);
  printf("spaced percent: r=%d %d %d\n", r, a, b);
  a = b = -1;
  r = sscanf("7,8", "%d;%d", &a, &b);
  printf("literal mismatch: r=%d %d %d\n", r, a, b);
  r = sscanf("7", "%d,%d", &a, &b);
  printf("input ends at a literal: r=%d\n", r);
  r = sscanf("   ", " x%d", &a);
  printf("only spaces: r=%d\n", r);
  r = sscanf("", "%d", &a);
  printf("empty: r=%d\n", r);
  r = sscanf("abc", "%d", &a);
  printf("matching failure: r=%d\n", r);
  r = sscanf("-", "%d", &a);
  printf("a lone sign: r=%d\n", r);

  /* integer bases and lengths */
  r = sscanf("0x1f 017 -12 +9 0", "%i %i %i %i %i", &a, &b, &c, &n1, &n2);
  printf("%%i: r=%d %d %d %d %d %d\n", r, a, b, c, n1, n2);
  unsigned int u = 0, x = 0, o = 0;
  r = sscanf("-1 0xFF 777", "%u %x %o", &u, &x, &o);
  printf("%%u %%x %%o: r=%d %u %u %u\n", r, u, x, o);
  r = sscanf("0x", "%x%n", &x, &n1);
  printf("0x alone: r=%d x=%u n=%d\n", r, x, n1);
  r = sscanf("12345", "%3d%d", &a, &b);
  printf("width on ints: r=%d %d %d\n", r, a, b);
  unsigned char uc = 0; unsigned short us = 0;
  unsigned long long ull = 0;
  r = sscanf("300 70000 -5 9000000000 18446744073709551615", "%hhu %hu %hhd %lld %llu", &uc, &us, &hh, &ll, &ull);
  printf("lengths: r=%d %u %u %d %lld %llu\n", r, uc, us, hh, ll, ull);
  long jd = 0; size_t zd = 0; ptrdiff_t td = 0;
  r = sscanf("-4 5 -6", "%jd %zu %td", (long *)&jd, &zd, &td);
  printf("j z t: r=%d %ld %zu %td\n", r, jd, zd, td);
  void *p = &a, *q = &b;
  r = sscanf("0 (nil)", "%p %p", &p, &q);
  printf("%%p: r=%d %d %d\n", r, p == 0, q == 0);

  /* floats */
  double g = -1, k = -1;
  r = sscanf("1.5e3 -2.25E-2 .5 4.", "%lf %le %f %lg", &d, &e, &f, &g);
  printf("floats: r=%d %g %g %g %g\n", r, d, e, f, g);
  r = sscanf("inf -INFINITY nan 0x1.8p1", "%lf %lf %lf %lf", &d, &e, &g, &k);
  printf("specials: r=%d %g %g %g %g\n", r, d, e, g, k);
  r = sscanf("1e5", "%2lf%s", &d, t);
  printf("width cuts an exponent: r=%d %g [%s]\n", r, d, t);
  r = sscanf("1e+x", "%lf%s", &d, t);
  printf("exponent without digits: r=%d %g [%s]\n", r, d, t);
  r = sscanf("12.75abc", "%lf%n", &d, &n1);
  printf("float then text: r=%d %g n=%d\n", r, d, n1);
  long double ld = 0;
  r = sscanf("2.5 0.1", "%Lf %Lf", &ld, &ld);
  printf("long double: r=%d %.6Lf\n", r, ld);
  r = sscanf(".", "%lf", &d);
  printf("a lone point: r=%d\n", r);
  return 0;
}

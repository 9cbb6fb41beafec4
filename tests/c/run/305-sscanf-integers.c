/* The integer conversions of sscanf as glibc's: %d %i %u %o %x %p with every length modifier,
 * values past each type's range (glibc converts with strtol/strtoul: clamped to long, then cut
 * to the type), signs on unsigned conversions, %i's prefixes, widths that end inside a sign, a
 * prefix or the digits, "0x" with no hex digit, and %n of each size. */
#include <stdio.h>
#include <string.h>

static const char *inputs[] = {
  "0", "-0", "+17", "-17", "2147483647", "2147483648", "-2147483649", "4294967295", "4294967296",
  "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
  "18446744073709551615", "18446744073709551616", "99999999999999999999999", "0x1f", "0X1F", "0x",
  "0xg", "-0x80000000", "017", "09", "0b101", "+", "-", " \t 42", "1e3", "255abc", "(nil)", "ff",
};

int main(void) {
  for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
    const char *s = inputs[i];
    int d = -1, n = -1, r;
    unsigned u = 1;
    long l = -1;
    unsigned long long ull = 1;
    signed char hh = -1;
    short h = -1;
    printf("[%s]\n", s);
    r = sscanf(s, "%d%n", &d, &n);
    printf("  %%d    r=%2d %d n=%d\n", r, d, n);
    r = sscanf(s, "%i%n", &d, &n);
    printf("  %%i    r=%2d %d n=%d\n", r, d, n);
    r = sscanf(s, "%u%n", &u, &n);
    printf("  %%u    r=%2d %u n=%d\n", r, u, n);
    r = sscanf(s, "%ld%n", &l, &n);
    printf("  %%ld   r=%2d %ld n=%d\n", r, l, n);
    r = sscanf(s, "%lli%n", (long long *)&ull, &n);
    printf("  %%lli  r=%2d %lld n=%d\n", r, (long long)ull, n);
    r = sscanf(s, "%llu%n", &ull, &n);
    printf("  %%llu  r=%2d %llu n=%d\n", r, ull, n);
    r = sscanf(s, "%llx%n", &ull, &n);
    printf("  %%llx  r=%2d %llx n=%d\n", r, ull, n);
    r = sscanf(s, "%o%n", &u, &n);
    printf("  %%o    r=%2d %o n=%d\n", r, u, n);
    r = sscanf(s, "%hhd%n", &hh, &n);
    printf("  %%hhd  r=%2d %d n=%d\n", r, hh, n);
    r = sscanf(s, "%hi%n", &h, &n);
    printf("  %%hi   r=%2d %d n=%d\n", r, h, n);
    r = sscanf(s, "%2d%n", &d, &n);
    printf("  %%2d   r=%2d %d n=%d\n", r, d, n);
    r = sscanf(s, "%2i%n", &d, &n);
    printf("  %%2i   r=%2d %d n=%d\n", r, d, n);
    r = sscanf(s, "%3x%n", &u, &n);
    printf("  %%3x   r=%2d %x n=%d\n", r, u, n);
    void *p = (void *)1;
    r = sscanf(s, "%p%n", &p, &n);
    printf("  %%p    r=%2d %s%lx n=%d\n", r, p ? "" : "null ", (unsigned long)p, n);
    signed char nn = -1;
    short nh = -1;
    long long nll = -1;
    r = sscanf(s, "%*s%hhn%hn%lln", &nn, &nh, &nll);
    printf("  %%n's  r=%2d %d %d %lld\n", r, nn, nh, nll);
  }
  return 0;
}

// LINK: support/359-ifunc-variadic-other.c
/* An ifunc of a variadic function: the resolver returns a variadic implementation, and calls with
 * any arguments (integers, doubles, pointers, long long, a struct by value) reach it with its
 * variadic arguments intact, from this unit, from the other one, through &f (also a pointer in
 * initialised data), and through an implementation that hands its va_list to vsnprintf. A variadic
 * ifunc returning a struct and one returning double too. (gcc 12's build gives &f different values
 * in the units and in data, so addresses are not printed.) */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int sum_ints(int n, ...) {
  va_list ap;
  va_start(ap, n);
  int s = 0;
  for (int i = 0; i < n; i++) s += va_arg(ap, int);
  va_end(ap);
  return s;
}
static int sum_none(int n, ...) { return -n; } /* not chosen */
static int chosen = 1;
__attribute__((no_sanitize_address)) static int (*resolve_sum(void))(int, ...) {
  return chosen ? sum_ints : sum_none;
}
int sum(int n, ...) __attribute__((ifunc("resolve_sum")));

static char log_buf[256];
static int log_impl(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(log_buf, sizeof log_buf, fmt, ap);
  va_end(ap);
  return n;
}
__attribute__((no_sanitize_address)) static void *resolve_log(void) { return (void *)log_impl; }
int logf_(const char *fmt, ...) __attribute__((ifunc("resolve_log")));

struct big { long a, b, c; };
static struct big mix_impl(const char *kinds, ...) {
  va_list ap;
  va_start(ap, kinds);
  struct big r = {0, 0, 0};
  for (const char *k = kinds; *k; k++) {
    switch (*k) {
    case 'i': r.a += va_arg(ap, int); break;
    case 'l': r.a += (long)va_arg(ap, long long); break;
    case 'd': r.b += (long)(va_arg(ap, double) * 100); break;
    case 's': r.c += (long)strlen(va_arg(ap, const char *)); break;
    case 'S': { struct big b = va_arg(ap, struct big); r.a += b.a; r.b += b.b; r.c += b.c; break; }
    }
  }
  va_end(ap);
  return r;
}
__attribute__((no_sanitize_address)) static struct big (*resolve_mix(void))(const char *, ...) { return mix_impl; }
struct big mix(const char *kinds, ...) __attribute__((ifunc("resolve_mix")));

static double mean_impl(int n, ...) {
  va_list ap;
  va_start(ap, n);
  double s = 0;
  for (int i = 0; i < n; i++) s += va_arg(ap, double);
  va_end(ap);
  return n ? s / n : 0;
}
__attribute__((no_sanitize_address)) static double (*resolve_mean(void))(int, ...) { return mean_impl; }
double mean(int n, ...) __attribute__((ifunc("resolve_mean")));

int (*sum_ptr)(int, ...) = sum; /* in initialised data */

int other_sum(void);
double other_mean(void);
const char *other_log(void);

int main(void) {
  printf("sum %d %d %d\n", sum(0), sum(3, 1, 2, 3), sum(5, 10, -20, 30, -40, 50));
  int (*sp)(int, ...) = sum;
  printf("through pointers %d %d\n", sp(2, 7, 8), sum_ptr(4, 1, 1, 1, 1));
  int n = logf_("%s=%d %.3f %c %lld", "x", 42, 2.5, 'z', 1LL << 40);
  printf("log %d [%s]\n", n, log_buf);
  struct big b = mix("ildsS", 3, 4000000000LL, 1.25, "hello", (struct big){1, 2, 3});
  printf("mix %ld %ld %ld\n", b.a, b.b, b.c);
  printf("mean %.3f %.3f\n", mean(3, 1.0, 2.0, 4.5), mean(0));
  printf("other %d %.3f [%s]\n", other_sum(), other_mean(), other_log());
  return 0;
}

// LINK: support/330-ifunc-other.c
/* __attribute__((ifunc("resolver"))): the resolver, a function of this unit returning a function
 * pointer, chooses once what calls of the ifunc reach, here and in the other unit, and what calls
 * through its address reach (gcc 12's build gives &sum different values in the two units and in
 * data, so they are not printed). Resolvers as real code writes them: one reads
 * __builtin_cpu_supports, one reads initialised data, one returns void *. A resolver runs before the
 * C library is ready in gcc's build (getenv gives NULL there), so none calls it, and before the
 * address sanitizer is, so they are not instrumented (as real resolvers are marked). */
#include <stdio.h>

typedef long (*sum_fn)(const int *, int);

static long sum_plain(const int *a, int n) {
  long s = 0;
  for (int i = 0; i < n; i++) s += a[i];
  return s;
}

static long sum_unrolled(const int *a, int n) {
  long s0 = 0, s1 = 0;
  int i = 0;
  for (; i + 1 < n; i += 2) s0 += a[i], s1 += a[i + 1];
  if (i < n) s0 += a[i];
  return s0 + s1;
}

__attribute__((no_sanitize_address)) static sum_fn resolve_sum(void) {
  __builtin_cpu_init();
  return __builtin_cpu_supports("sse2") ? sum_unrolled : sum_plain;
}
long sum(const int *, int) __attribute__((ifunc("resolve_sum")));

static const char *greet_en(void) { return "hello"; }
static const char *greet_other(void) { return "bonjour"; }
static const char language[] = "en";
__attribute__((no_sanitize_address)) static const char *(*resolve_greet(void))(void) {
  return language[0] == 'e' ? greet_en : greet_other;
}
const char *greet(void) __attribute__((ifunc("resolve_greet")));

struct pair { long a, b; double c; };
static struct pair swap_impl(struct pair p, int k) { return (struct pair){p.b * k, p.a * k, p.c / k}; }
__attribute__((no_sanitize_address)) static void *resolve_swap(void) { return (void *)swap_impl; }
struct pair swap(struct pair, int) __attribute__((ifunc("resolve_swap")));

static int counter;
static void bump_impl(int by) { counter += by; }
__attribute__((no_sanitize_address)) static void (*resolve_bump(void))(int) { return bump_impl; }
void bump(int) __attribute__((ifunc("resolve_bump")));

long (*sum_ptr)(const int *, int) = sum; /* in initialised data */

long other_sum(const int *a, int n);
void other_bump(int by);

int main(void) {
  int a[7] = {1, 2, 3, 4, 5, 6, 7};
  printf("sum %ld %ld %ld %ld\n", sum(a, 7), sum_ptr(a, 6), other_sum(a, 5), sum(a, 0));
  long (*sp)(const int *, int) = sum;
  printf("through pointers %ld %ld\n", sp(a + 1, 3), sum_ptr(a + 4, 3));
  printf("greet %s\n", greet());
  struct pair p = swap((struct pair){3, 4, 9.0}, 2);
  printf("swap %ld %ld %.2f\n", p.a, p.b, p.c);
  bump(5);
  other_bump(7);
  void (*bp)(int) = bump;
  bp(30);
  printf("counter %d\n", counter);
  return 0;
}

/* nexttoward, nexttowardf, nexttowardl: the next representable value towards a long double direction,
 * errno ERANGE on a step to a subnormal or infinity (jq's libjq calls nexttoward). Directions are
 * values a double holds exactly, so the answer does not depend on long double's width. */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdio.h>

static void d(const char *what, double x, long double y) {
  errno = 0;
  double r = nexttoward(x, y);
  printf("%-28s %a errno=%s\n", what, r, errno == ERANGE ? "ERANGE" : errno ? "other" : "0");
}

static void f(const char *what, float x, long double y) {
  errno = 0;
  float r = nexttowardf(x, y);
  printf("%-28s %a errno=%s\n", what, (double) r, errno == ERANGE ? "ERANGE" : errno ? "other" : "0");
}

int main(void) {
  d("1 up", 1.0, 2.0L);
  d("1 down", 1.0, 0.0L);
  d("-1 towards -inf", -1.0, -INFINITY);
  d("equal", 3.5, 3.5L);
  d("0 up (subnormal)", 0.0, 1.0L);
  d("min normal down", DBL_MIN, 0.0L);
  d("max up (overflow)", DBL_MAX, INFINITY);
  f("1f up", 1.0f, 2.0L);
  f("1f towards 1+2^-40", 1.0f, 1.0L + 0x1p-40L);
  f("1f down", 1.0f, -5.0L);
  f("0f down (subnormal)", 0.0f, -1.0L);
  f("maxf up (overflow)", FLT_MAX, 1e300L);
  printf("nexttowardl %s\n", nexttowardl(1.0L, 2.0L) > 1.0L && nexttowardl(1.0L, 2.0L) < 1.0L + 0x1p-20L ? "ok" : "wrong");
  return 0;
}

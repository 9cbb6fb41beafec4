/* run/359's other unit: calls its variadic ifuncs as plain variadic functions. */
#include <stdio.h>

int sum(int n, ...);
double mean(int n, ...);
int logf_(const char *fmt, ...);

int other_sum(void) { return sum(6, 1, 2, 3, 4, 5, 6) * 10; }
double other_mean(void) { return mean(2, 0.25, 0.75); }
const char *other_log(void) {
  static char mine[64];
  int n = logf_("%d-%s-%g", -7, "other", 0.5);
  snprintf(mine, sizeof mine, "%d", n);
  return mine;
}

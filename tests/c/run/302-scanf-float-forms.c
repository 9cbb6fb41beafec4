/* The floating conversions' forms through sscanf and through scanf on stdin (a child run through
 * a pipe): decimals of 1 to 25 digits, hex floats, inf, infinity, nan and nan(chars), signs, "1e",
 * "1e+", "0x" and "." alone, overflow and underflow (errno ERANGE, the value glibc's strtod gives),
 * subnormals, and widths that end a field inside each of them. For each: the return value, the
 * bits stored (double and float), %n, errno, and what is left unread. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *inputs[] = {
  "0", "-0", "+0.0e-999", "1", "-2.5", ".5", "5.", "1e10", "1E+10x", "1e", "1e+", "1e-x", "1.5e+2x",
  "3.14159265358979323846264338", "0.1000000000000000055511151231257827", "123456789012345678901234567890",
  "0000000000000000000001234.5000000000000000000000", "2.2250738585072011e-308", "2.2250738585072014e-308",
  "4.9406564584124654e-324", "2.4703282292062327e-324", "2.4703282292062328e-324", "1e-400", "-1e-320",
  "1.7976931348623157e308", "1.7976931348623159e308", "1e400", "-1e99999999999", "3.4028235e38",
  "3.4028236e38", "1.17549435e-38", "1e-46", "0x1p-1074", "0x1p-1075", "0x1.8p3", "-0X.8P1x", "0x1p",
  "0x", "0x.", "0xg", "0x1.fffffffffffffp1023", "0x1p1024", "inf", "-INF", "Infinity", "infinit",
  "infx", "nan", "-NaN", "nan(123)", "nan(0x7)", "nanx", ".", "-.", "+", "-", "e5", "  \t\n 42.25 tail",
};

static const char *formats[] = {"%lf%n", "%f%n", "%2lf%n", "%4lf%n", "%9le%n", "%17lg%n"};

static void one(const char *in, const char *fmt) {
  unsigned char v[8];
  int n = -1;
  memset(v, 0x5a, sizeof v);
  errno = 0;
  int r = sscanf(in, fmt, v, &n);
  int er = errno;
  unsigned long long b;
  memcpy(&b, v, sizeof b);
  printf("%-6s r=%2d %016llx n=%2d errno=%s\n", fmt, r, b, n, er == ERANGE ? "ERANGE" : er ? "other" : "0");
}

/* the same inputs, space-separated on stdin: read with %lf%n until it fails, then what stopped it */
static int child(void) {
  for (;;) {
    double d = -7;
    int n = -1;
    errno = 0;
    int r = scanf("%lf%n", &d, &n);
    int er = errno;
    if (r != 1) {
      char rest[64] = "";
      int r2 = scanf("%63s", rest);
      printf("stdin r=%d, then r=%d [%s]\n", r, r2, rest);
      if (r2 != 1) return 0;
      continue;
    }
    unsigned long long b;
    memcpy(&b, &d, sizeof b);
    printf("stdin %016llx n=%d errno=%s\n", b, n, er == ERANGE ? "ERANGE" : er ? "other" : "0");
  }
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "child")) return child();
  size_t count = sizeof inputs / sizeof inputs[0];
  for (size_t i = 0; i < count; i++) {
    printf("[%s]\n", inputs[i]);
    for (size_t k = 0; k < sizeof formats / sizeof formats[0]; k++) one(inputs[i], formats[k]);
  }
  char path[4096], cmd[8400];
  snprintf(path, sizeof path, "%s.in", argv[0]);
  FILE *f = fopen(path, "w");
  if (!f) return 2;
  for (size_t i = 0; i < count; i++) fprintf(f, "%s\n", inputs[i]);
  fclose(f);
  snprintf(cmd, sizeof cmd, "cat \"%s\" | \"%s\" child", path, argv[0]);
  fflush(stdout);
  printf("-- status %d\n", system(cmd));
  remove(path);
  return 0;
}

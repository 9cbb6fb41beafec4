/* printf's two engines give the same bytes: stdout before native code runs is jomp's Java engine,
 * fprintf to a file and printf once native code has run are glibc's vfprintf, called natively
 * (jomp's long double is a double: %Lf and its kin are passed as double); sprintf stays Java.
 * The same conversions go through each: flags, widths, precisions, '*', positional arguments,
 * %n, long double, %a, %p, strings, characters, and the return values; the file is read back. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static int all(FILE *f, const char *tag) {
  int n1 = -1, n2 = -1, r = 0;
  long double ld = 2.5;
  r += fprintf(f, "%s: [%5d|%-5d|%+d|% d|%05d|%x|%#X|%#o|%lu|%lld|%hhd|%hd|%zu]\n", tag, 42, 42, 42, 42, -42, 255, 255, 8,
               4294967296UL, -9000000000LL, 300, 70000, (size_t)7);
  r += fprintf(f, "%s: [%.3f|%10.4e|%-10g|%G|%.0f|%#.0f|%g|%g|%.17g|%a|%A]\n", tag, 3.14159, 123456.789, 1e-5, 1e20, 2.5, 2.5,
               100000.0, 1000000.0, 0.1, 1.0, -0.5);
  r += fprintf(f, "%s: [%Lf|%.2Le|%Lg|%10.3Lf]\n", tag, ld, ld, ld * 1e10L, -ld);
  r += fprintf(f, "%s: [%*d|%-*d|%.*f|%*.*s]\n", tag, 6, 1, 4, 2, 2, 1.23456, 5, 2, "abcdef");
  r += fprintf(f, "%1$s: [%3$s %2$s|%5$*4$d]\n", tag, "world", "hello", 5, 7);
  r += fprintf(f, "%s: [%s|%.2s|%c|%%|%5c]%n...%n\n", tag, "str", "str", 'x', 'y', &n1, &n2);
  r += fprintf(f, "%s: n=%d,%d [%p] [%s]\n", tag, n1, n2, (void *)0, "end");
  return r;
}

static int vall(FILE *f, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int r = vfprintf(f, fmt, ap);
  va_end(ap);
  return r;
}

int main(int argc, char **argv) {
  /* stdout, Java's engine (nothing native has run yet) */
  int r1 = all(stdout, "java");
  char buf[512];
  int rs = snprintf(buf, sizeof buf, "%s|%5.1f|%Lg|%x", "sprintf", 2.25, (long double)0.75, 48879);
  printf("sprintf: %d [%s]\n", rs, buf);
  printf("returned %d\n", r1);

  /* a file, glibc's engine */
  char path[4096];
  snprintf(path, sizeof path, "%s.printf-test", argv[0]);
  (void)argc;
  FILE *f = fopen(path, "w");
  int r2 = all(f, "file");
  r2 += vall(f, "vfprintf: %d %s %.2Lf %c\n", 9, "nine", (long double)9.125, 'n');
  errno = ENOENT;
  r2 += fprintf(f, "%%m: %m\n");
  fclose(f);
  f = fopen(path, "r");
  while (fgets(buf, sizeof buf, f)) fputs(buf, stdout);
  fclose(f);
  remove(path);
  printf("returned %d\n", r2);

  /* stdout again: native code has run, so glibc's engine */
  int r3 = all(stdout, "glibc");
  printf("returned %d, stdout's own: %d\n", r3, vall(stdout, "%s %d\n", "vfprintf on stdout", 3));
  return 0;
}

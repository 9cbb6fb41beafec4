/* fscanf on a file (glibc's engine, called natively by jomp) and the stream around it: what a
 * failed conversion leaves unread (the next fgetc sees it), ungetc before fscanf, %n across
 * white space and lines, %[ and %c that read newlines, widths, suppression, literals that end the
 * scan, EOF at each place (before anything, after a partial match, in the middle of a literal),
 * feof and ferror afterwards, long double conversions (jomp's long double is a double), and
 * fscanf's return values. */
#include <stdio.h>
#include <string.h>

static FILE *with(const char *path, const char *text) {
  FILE *f = fopen(path, "w");
  fputs(text, f);
  fclose(f);
  return fopen(path, "r");
}

static void rest(FILE *f) {
  int c;
  printf("  rest: [");
  while ((c = fgetc(f)) != EOF) putchar(c == '\n' ? '|' : c);
  printf("] eof=%d err=%d\n", feof(f) != 0, ferror(f) != 0);
}

int main(int argc, char **argv) {
  char path[4096];
  snprintf(path, sizeof path, "%s.scan-test", argv[0]);
  (void)argc;
  int a = -1, b = -1, n = -1, r;
  char s[64], t[64];
  double d = -1;

  FILE *f = with(path, "12 abc 34\n");
  r = fscanf(f, "%d %d", &a, &b);
  printf("matching failure: r=%d a=%d b=%d next='%c'\n", r, a, b, fgetc(f));
  rest(f);
  fclose(f);

  f = with(path, "5 6");
  ungetc('9', f);
  r = fscanf(f, "%d %d%n", &a, &b, &n);
  printf("after ungetc: r=%d a=%d b=%d n=%d\n", r, a, b, n);
  r = fscanf(f, "%d", &a);
  printf("at the end: r=%d eof=%d\n", r, feof(f) != 0);
  clearerr(f);
  ungetc('7', f);
  r = fscanf(f, "%d", &a);
  printf("ungetc at the end: r=%d a=%d\n", r, a);
  fclose(f);

  f = with(path, "line one\n\n  line two\nx");
  r = fscanf(f, "%[^\n]%n", s, &n);
  printf("line: r=%d [%s] n=%d\n", r, s, n);
  r = fscanf(f, "%c%c", s, s + 1);
  printf("newlines as chars: r=%d %d %d\n", r, s[0], s[1]);
  r = fscanf(f, " %4s%n %s", s, &n, t);
  printf("width: r=%d [%s] n=%d [%s]\n", r, s, n, t);
  r = fscanf(f, " %*[^x]%c", s);
  printf("suppressed set: r=%d '%c'\n", r, s[0]);
  rest(f);
  fclose(f);

  f = with(path, "key: value;more");
  r = fscanf(f, "key : %[^;];", s);
  printf("literals: r=%d [%s]\n", r, s);
  rest(f);
  fclose(f);

  f = with(path, "abc");
  r = fscanf(f, "abd");
  printf("literal mismatch: r=%d next='%c'\n", r, fgetc(f));
  fclose(f);
  f = with(path, "ab");
  r = fscanf(f, "abc%d", &a);
  printf("EOF inside a literal: r=%d eof=%d\n", r, feof(f) != 0);
  fclose(f);
  f = with(path, "");
  r = fscanf(f, "%d", &a);
  printf("empty file: r=%d eof=%d\n", r, feof(f) != 0);
  fclose(f);
  f = with(path, "   \n ");
  r = fscanf(f, "%s", s);
  printf("only white space: r=%d\n", r);
  fclose(f);
  f = with(path, "7 x");
  r = fscanf(f, "%d %d", &a, &b);
  printf("partial: r=%d a=%d\n", r, a);
  fclose(f);
  f = with(path, "7");
  r = fscanf(f, "%d %d", &a, &b);
  printf("partial at EOF: r=%d a=%d\n", r, a);
  fclose(f);

  f = with(path, "1e5 -0x1p-2 nan 0.1 2.5 3.25 7");
  float x = 0;
  r = fscanf(f, "%2f %lf", &x, &d);
  printf("floats: r=%d %g %g\n", r, x, d);
  rest(f);
  fclose(f);
  f = with(path, "0.1 2.5 3.25 -1e300");
  long double l1 = 0, l2 = 0, l3 = 0, l4 = 0;
  r = fscanf(f, "%Lf %Le %Lg %La", &l1, &l2, &l3, &l4);
  printf("long double: r=%d %.6Lf %.3Le %Lg %.6Lg\n", r, l1, l2, l3, l4);
  fclose(f);

  f = with(path, "100 200 300 400 500");
  int total = 0, count = 0;
  while (fscanf(f, "%d", &a) == 1) { total += a; count++; }
  printf("loop: %d numbers, total %d, eof=%d\n", count, total, feof(f) != 0);
  fclose(f);
  remove(path);
  return 0;
}

/* stdin read by scanf and getchar (jomp's Java stdin, which reads ahead a block at a time as
 * glibc's does) and then by the functions that are glibc's own (fgets, fread, ungetc, freopen),
 * the child of a pipe or a file each time: what scanf left unread (after a matching failure, a
 * width, a %n, the space a directive skipped) must be what fgets and fread see next, and after
 * freopen scanf must read the new file. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void show(const char *what, int r, const char *s) { printf("%s: r=%d [%s]\n", what, r, s); }

/* scanf stops on a matching failure in the middle of a line: fgets reads the rest of it */
static int afterfailure(void) {
  int a = -1, b = -1;
  int r = scanf("%d %d", &a, &b);
  printf("scanf: r=%d %d %d\n", r, a, b);
  char line[128];
  char *p = fgets(line, sizeof line, stdin);
  line[p ? strcspn(line, "\n") : 0] = 0;
  show("fgets", p != NULL, p ? line : "");
  double d = 0;
  r = scanf("%lf", &d);
  printf("scanf again: r=%d %g\n", r, d);
  return 0;
}

/* a width cuts a word; fread takes the next bytes raw */
static int afterwidth(void) {
  char w[8] = "", buf[16] = "";
  int n = -1;
  int r = scanf("%3s%n", w, &n);
  printf("scanf: r=%d [%s] n=%d\n", r, w, n);
  int c = getchar();
  printf("getchar: %d\n", c);
  size_t got = fread(buf, 1, 10, stdin);
  buf[got] = 0;
  printf("fread: %zu [%s]\n", got, buf);
  r = scanf("%7s", w);
  show("scanf", r, w);
  return 0;
}

/* ungetc (glibc's) pushes a character before what the Java stdin had read ahead */
static int afterungetc(void) {
  int x = -1;
  int r = scanf("%d", &x);
  printf("scanf: r=%d %d\n", r, x);
  ungetc('7', stdin);
  r = scanf("%d", &x);
  printf("after ungetc('7'): r=%d %d\n", r, x);
  char rest[32] = "";
  r = scanf("%31[^\n]", rest);
  show("rest", r, rest);
  return 0;
}

/* freopen replaces stdin: what the old one had read ahead is gone, the new file reads from its start */
static int reopen(const char *path) {
  int x = -1, sum = 0, r;
  for (int i = 0; i < 3 && (r = scanf("%d", &x)) == 1; i++) sum += x;
  printf("before freopen: sum %d\n", sum);
  if (!freopen(path, "r", stdin)) { printf("freopen failed\n"); return 1; }
  sum = 0;
  int k = 0;
  while ((r = scanf("%d", &x)) == 1) { sum += x; k++; }
  printf("after freopen: %d numbers, sum %d, r=%d eof=%d\n", k, sum, r, feof(stdin) != 0);
  return 0;
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "failure")) return afterfailure();
  if (argc > 1 && !strcmp(argv[1], "width")) return afterwidth();
  if (argc > 1 && !strcmp(argv[1], "ungetc")) return afterungetc();
  if (argc > 2 && !strcmp(argv[1], "reopen")) return reopen(argv[2]);
  char path[4096], cmd[8400];
  snprintf(path, sizeof path, "%s.in", argv[0]);
  FILE *f = fopen(path, "w");
  if (!f) return 2;
  for (int i = 1; i <= 2000; i++) fprintf(f, "%d%c", i, i % 10 ? ' ' : '\n');
  fclose(f);
  const char *runs[] = {
    "printf '12 x34 rest of the line\\n2.5\\n' | \"%s\" failure",
    "printf '12 34\\n' | \"%s\" failure",
    "printf 'abcdefghijklmnop qrs tuv' | \"%s\" width",
    "printf 'ab' | \"%s\" width",
    "printf '5 6 tail\\n' | \"%s\" ungetc",
    "seq 100 199 | \"%s\" reopen \"%s.in\"",
    "\"%s\" reopen \"%s.in\" < \"%2$s.in\"",
  };
  for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
    snprintf(cmd, sizeof cmd, runs[i], argv[0], argv[0]);
    printf("-- run %zu\n", i);
    fflush(stdout);
    printf("-- status %d\n", system(cmd));
  }
  remove(path);
  return 0;
}

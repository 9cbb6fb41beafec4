/* scanf on stdin, given input through a pipe and a file: the program runs itself as a child with
 * system(). The children read with scanf, getchar and ungetc only (jomp's Java stdin, which reads
 * ahead a block at a time as glibc's does), then switch to glibc's own stdin in the middle of the
 * input (fgetc is glibc's: what the Java stdin read ahead must come back first), and read on with
 * scanf and fgets; more input than one block, EOF at each place, and what a child started by
 * system() sees of the rest of the input (as gcc's build: glibc read a block ahead too). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int words(void) {
  int a = -1, n = -1, r;
  char w[16] = {0};
  double d = -1;
  r = scanf("%d %15s %lf%n", &a, w, &d, &n);
  printf("scanf: r=%d %d [%s] %g n=%d\n", r, a, w, d, n);
  int c = getchar();
  printf("getchar: %d\n", c);
  r = scanf("%3s", w);
  printf("width: r=%d [%s]\n", r, w);
  ungetc('#', stdin);
  r = scanf("%c%[^\n]", w, w + 1);
  printf("after ungetc: r=%d [%s]\n", r, w);
  r = scanf("%d", &a);
  printf("at the end: r=%d eof=%d\n", r, feof(stdin) != 0);
  return 0;
}

/* numbers 1..N on lines: some through the Java stdin, the rest through glibc's */
static int numbers(int before) {
  long sum = 0;
  int x, count = 0;
  for (int i = 0; i < before && scanf("%d", &x) == 1; i++) { sum += x; count++; }
  printf("first %d: sum %ld\n", count, sum);
  int c = fgetc(stdin);   /* glibc's: native code starts here */
  printf("fgetc: %d\n", c);
  char line[64];
  if (fgets(line, sizeof line, stdin)) printf("fgets: [%.*s]\n", (int)strcspn(line, "\n"), line);
  while (scanf("%d", &x) == 1) { sum += x; count++; }
  printf("all %d: sum %ld eof=%d\n", count, sum, feof(stdin) != 0);
  return 0;
}

/* a child started by system() reads what glibc's buffer (and jomp's) did not take */
static int handoff(const char *self) {
  int x = 0;
  int r = scanf("%d", &x);
  printf("parent read: r=%d %d\n", r, x);
  fflush(stdout);
  char cmd[4200];
  snprintf(cmd, sizeof cmd, "\"%s\" count", self);
  return system(cmd) != 0;
}

static int count(void) {
  int x, n = 0;
  while (scanf("%d", &x) == 1) n++;
  printf("child counted %d numbers\n", n);
  return 0;
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "words")) return words();
  if (argc > 2 && !strcmp(argv[1], "numbers")) return numbers(atoi(argv[2]));
  if (argc > 1 && !strcmp(argv[1], "handoff")) return handoff(argv[0]);
  if (argc > 1 && !strcmp(argv[1], "count")) return count();
  const char *self = argv[0];
  char cmd[4200];
  const char *runs[] = {
    "printf '42 word 2.5e1rest of line\\nabcdef tail\\n' | \"%s\" words",
    "printf '7 x' | \"%s\" words",
    "printf '' | \"%s\" words",
    "seq 1 3000 | \"%s\" numbers 10",
    "seq 1 3000 | \"%s\" numbers 1500",
    "seq 1 3000 > \"%s.in\"",
    "\"%s\" numbers 2000 < \"%1$s.in\"",
    "seq 1 5000 | \"%s\" handoff",
    "\"%s\" handoff < \"%1$s.in\"",
  };
  for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
    snprintf(cmd, sizeof cmd, runs[i], self);
    printf("-- run %zu\n", i);
    fflush(stdout);
    int status = system(cmd);
    printf("-- status %d\n", status);
  }
  snprintf(cmd, sizeof cmd, "%s.in", self);
  remove(cmd);
  return 0;
}

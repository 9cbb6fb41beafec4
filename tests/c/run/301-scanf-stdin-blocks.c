/* scanf on stdin where the fields cross the 4096-byte blocks that glibc's stdin (and jomp's Java
 * stdin, which reads as it does) takes at a time: the program runs itself as a child with
 * system(), through a pipe and from a file. Numbers of every length (%.1g to %.17g, %a, integers,
 * words) sit at every offset of a block's end; the child reads them with %lf, %d, %s, %n and
 * getchar, and prints what it read: counts, sums, the bits of the doubles folded together, and
 * where each read ended (%n), so that a byte lost or read twice at a block's edge shows. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long long bits(double d) {
  unsigned long long b;
  memcpy(&b, &d, sizeof b);
  return b;
}

/* doubles only: %lf until it fails */
static int doubles(void) {
  double x, sum = 0;
  unsigned long long fold = 0;
  int k = 0, n = 0;
  long taken = 0;
  while (scanf("%lf%n", &x, &n) == 1) {
    sum += x;
    fold = fold * 31 + bits(x);
    taken += n;
    k++;
  }
  int c = getchar();
  printf("doubles: %d sum %.17g fold %016llx taken %ld next %d\n", k, sum, fold, taken, c);
  return 0;
}

/* a line at a time: an int, a word of at most 7 characters, a double, the rest of the line (a
 * matching failure at once where there is none), its '\n' */
static int mixed(void) {
  int i, n1 = -1, n2 = -1, lines = 0, r;
  char w[8], rest[64];
  double d;
  unsigned long long fold = 0;
  long isum = 0;
  while ((r = scanf("%d %7s%n %lf%n", &i, w, &n1, &d, &n2)) == 3) {
    if (scanf("%63[^\n]", rest) == 1) fold = fold * 7 + strlen(rest); /* 0 at once at a '\n' */
    getchar();
    isum += i;
    fold = fold * 31 + bits(d) + (unsigned)n1 * 3 + (unsigned)n2 + (unsigned char)w[0];
    lines++;
  }
  printf("mixed: r=%d lines %d isum %ld fold %016llx\n", r, lines, isum, fold);
  if (r >= 0) {
    char tail[32] = "";
    r = scanf("%31s", tail);
    printf("after the stop: r=%d [%s]\n", r, tail);
  }
  return 0;
}

static void write_input(const char *path, int kind) {
  FILE *f = fopen(path, "w");
  if (!f) exit(2);
  for (int i = 0; i < 3000; i++) {
    double v = (i * 7919 % 10007) / 97.0 - 40 + i * 1e-9;
    if (kind == 0) {
      /* a double of 1 to 17 digits, a hex double every 11th, 0 to 5 blanks after */
      if (i % 11 == 0) fprintf(f, "%a", v);
      else fprintf(f, "%.*g", 1 + i % 17, v);
      fprintf(f, "%.*s", 1 + i % 5, "\t \n  \n");
    } else {
      fprintf(f, "%d %.*s %.*g", i * 37 - 5000, 1 + i % 7, "abcdefghij", 1 + i % 17, v);
      if (i % 5 == 0) fprintf(f, " trailing words %d", i);
      fputc('\n', f);
    }
  }
  if (kind == 1) fputs("12 stop x\n", f);
  fclose(f);
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "doubles")) return doubles();
  if (argc > 1 && !strcmp(argv[1], "mixed")) return mixed();
  char path[4096], cmd[8400];
  for (int kind = 0; kind < 2; kind++) {
    snprintf(path, sizeof path, "%s.%d.in", argv[0], kind);
    write_input(path, kind);
    const char *mode = kind == 0 ? "doubles" : "mixed";
    snprintf(cmd, sizeof cmd, "\"%s\" %s < \"%s\"", argv[0], mode, path);
    fflush(stdout);
    printf("-- file %s: status %d\n", mode, system(cmd));
    snprintf(cmd, sizeof cmd, "cat \"%s\" | \"%s\" %s", path, argv[0], mode);
    fflush(stdout);
    printf("-- pipe %s: status %d\n", mode, system(cmd));
    remove(path);
  }
  return 0;
}

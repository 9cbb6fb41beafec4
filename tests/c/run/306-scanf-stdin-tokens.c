/* A word-count style loop on stdin: scanf("%63s%n") over input larger than several of stdin's
 * 4096-byte blocks, from a pipe and a file, numbers told from words by strtol, "%*[^\n]"
 * skipping the rest of comment lines, the return value at the end (EOF, not 0) and getchar
 * after it; the child is the program itself run by system(), and reads nothing but scanf. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int child(void) {
  char word[64];
  unsigned long hash = 5381;
  long total = 0, words = 0, numbers = 0, comments = 0;
  int r, n;
  while ((r = scanf("%63s%n", word, &n)) == 1) {
    if (word[0] == '#') { /* the rest of the line goes, up to its '\n' */
      r = scanf("%*[^\n]");
      comments++;
      continue;
    }
    char *end;
    long x = strtol(word, &end, 10);
    if (*end == 0) {
      total += x;
      numbers++;
      continue;
    }
    for (char *p = word; *p; p++) hash = hash * 33 + (unsigned char)*p;
    hash += n;
    words++;
  }
  printf("words %ld numbers %ld total %ld comments %ld hash %lx end r=%d getchar %d\n", words, numbers, total,
         comments, hash, r, getchar());
  return 0;
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "child")) return child();
  char path[4096], cmd[8400];
  snprintf(path, sizeof path, "%s.in", argv[0]);
  FILE *f = fopen(path, "w");
  if (!f) return 2;
  const char *words[] = {"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta"};
  for (int i = 0; i < 4000; i++) {
    if (i % 97 == 0) fprintf(f, "# comment %d with words\n", i);
    fprintf(f, "%s %d%c", words[i * 7 % 8], i * 13 % 1000, i % 5 ? ' ' : '\n');
  }
  fclose(f);
  snprintf(cmd, sizeof cmd, "\"%s\" child < \"%s\"", argv[0], path);
  fflush(stdout);
  printf("-- file: status %d\n", system(cmd));
  snprintf(cmd, sizeof cmd, "cat \"%s\" | \"%s\" child", path, argv[0]);
  fflush(stdout);
  printf("-- pipe: status %d\n", system(cmd));
  remove(path);
  return 0;
}

/* Scansets, %c, %s, widths, suppression and %n through sscanf and through scanf on stdin (a child
 * run through a pipe): ranges (and glibc's reading of "z-a" and "a-c-e"), negation, ']' and '-'
 * as members, a set with no ']', a set that matches nothing (a matching failure), widths that
 * cut a field, %n after each, and what is left unread after each failure (read back with %s or
 * getchar). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *cases[][2] = {
  {"abc123def", "%[a-z]%n%[0-9]%n%s"},
  {"abc123def", "%2[a-z]%n%c%n%3c"},
  {"]]-x-y", "%[]-]%n%s"},
  {"x-y]z", "%[^]]%n%c"},
  {"hello, world", "%[^,]%n, %5s%n"},
  {"  leading", "%[ a-z]%n"},
  {"  leading", " %[a-z]%n"},
  {"123", "%[a-z]%n"},
  {"", "%[a-z]"},
  {"ab", "%*[a]%n%[b]%n"},
  {"key=value;rest", "%15[^=]=%15[^;];%n%s"},
  {"a b\tc\nd", "%c%c%c%n %c"},
  {"abcdef", "%3c%n%2s%n"},
  {"abc", "%5c%n"},
  {"tab\there", "%s%n%c%n"},
  {"%%x", "%%%c"},
  {"5 %", "%d%%%n"},
  {"1,2,,4", "%d,%d,%d%n"},
  {"zzz", "%*s%n"},
  {"AbC", "%[A-Z]%n%[a-z]"},
  {"z-a", "%[z-a]%n%s"},
  {"]^_`abc", "%[]-a]%n%s"},
  {"abcdez", "%[a-c-e]%n%s"},
  {"-abcd", "%[-a-c]%n%s"},
  {"ab-c", "%[a-]%n%s"},
  {"abc", "%[abc"},
  {"abc", "%[^]-a]%n%s"},
};

/* the conversions of fmt that take an argument, in order: 's' for a string, 'n' for %n */
static int kinds(const char *f, char *kind) {
  int k = 0;
  while ((f = strchr(f, '%'))) {
    f++;
    if (*f == '%') { f++; continue; }
    int suppress = *f == '*';
    if (suppress) f++;
    while (*f >= '0' && *f <= '9') f++;
    char conv = *f++;
    if (conv == '[') { /* a ']' first (after '^') is a member */
      if (*f == '^') f++;
      if (*f == ']') f++;
      const char *end = strchr(f, ']');
      f = end ? end + 1 : f + strlen(f);
    }
    if (!suppress) kind[k++] = conv == 'n' ? 'n' : conv == 'd' ? 'd' : 's';
  }
  return k;
}

static void one(const char *in, const char *fmt) {
  union { char s[32]; int n; } v[5];
  char kind[5];
  int k = kinds(fmt, kind);
  for (int i = 0; i < 5; i++) {
    memset(v[i].s, '.', sizeof v[i].s);
    v[i].s[31] = 0;
    if (i < k && kind[i] != 's') v[i].n = -1;
  }
  int r = sscanf(in, fmt, &v[0], &v[1], &v[2], &v[3], &v[4]);
  printf("%-22s r=%2d", fmt, r);
  for (int i = 0; i < k; i++) {
    if (kind[i] == 's') printf(" [%s]", v[i].s);
    else printf(" %d", v[i].n);
  }
  printf("\n");
}

/* from stdin: each line's parts, failures and what is left */
static int child(void) {
  char w[16], x[16];
  int n = -1, r;
  for (int line = 0; line < 8; line++) {
    memset(w, 0, sizeof w);
    memset(x, 0, sizeof x);
    n = -1;
    r = scanf("%7[a-z]%n%*[ ]%15[^\n]", w, &n, x);
    int c = getchar();
    printf("line %d: r=%d [%s] n=%d [%s] then %d\n", line, r, w, n, x, c);
    if (r == -1) break;
    if (r == 0 && c != '\n') {
      r = scanf("%15[^\n]", x);
      printf("  rest r=%d [%s] then %d\n", r, x, getchar());
    }
  }
  return 0;
}

int main(int argc, char **argv) {
  if (argc > 1 && !strcmp(argv[1], "child")) return child();
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    printf("[%s]\n", cases[i][0]);
    one(cases[i][0], cases[i][1]);
  }
  char cmd[8400];
  snprintf(cmd, sizeof cmd,
           "printf 'alpha beta gamma\\nlongerthanseven rest\\n123 digits\\n\\nx\\nlast line' | \"%s\" child", argv[0]);
  fflush(stdout);
  printf("-- status %d\n", system(cmd));
  return 0;
}

/* stdio on files: fopen modes (w, r, a, r+), fprintf/fputs/fgets/fgetc/ungetc/fread, fseek/ftell/
 * rewind, feof, remove, fopen's errno; and the scanf family: fscanf on a file and sscanf with
 * widths, suppression, scansets, %i's bases, %n, floats (inf, nan, hex), and the return values. */
#include <stdio.h>
#include <string.h>
#include <errno.h>
int main(int argc, char **argv) {
  /* beside the executable, so that parallel runs of several builds never share the file */
  char path[4096];
  snprintf(path, sizeof path, "%s.io-test", argv[0]);
  (void)argc;
  FILE *f = fopen(path, "w");
  if (!f) { perror("fopen"); return 1; }
  for (int i = 0; i < 5; i++) fprintf(f, "%d %.2f word%d 0x%x\n", i, i * 1.5, i, i * 255);
  fputs("tail line\n", f);
  printf("ftell after writing: %ld\n", ftell(f));
  fclose(f);
  f = fopen(path, "r");
  int n, x; double d; char w[32];
  int total = 0;
  while (fscanf(f, "%d %lf %31s %x", &n, &d, w, &x) == 4) { printf("read %d %.2f %s %d\n", n, d, w, x); total += n; }
  char line[64];
  if (fgets(line, sizeof line, f)) printf("rest: [%s]\n", line);
  printf("feof=%d total=%d\n", feof(f), total);
  rewind(f);
  int c = fgetc(f); ungetc(c, f); printf("first char '%c' again '%c'\n", c, fgetc(f));
  fseek(f, -10, SEEK_END);
  size_t got = fread(line, 1, 10, f); line[got] = 0;
  printf("last 10 bytes: [%s] (%zu)\n", line, got);
  fclose(f);
  f = fopen(path, "a"); fprintf(f, "appended\n"); fclose(f);
  f = fopen(path, "r+"); fseek(f, 0, SEEK_END); printf("size %ld\n", ftell(f)); fclose(f);
  FILE *missing = fopen("no/such/file", "r");
  printf("missing: %s errno=%d (%s)\n", missing ? "opened" : "NULL", errno, strerror(errno));
  int r1 = remove(path), r2 = remove(path);
  printf("remove %d, again %d\n", r1, r2);
  int a, b; char s1[8], s2[8]; float fl; unsigned u; long long ll; char ch;
  int k = sscanf("  42,-7 abc  [xyz] 2.5e1 4294967295 -9000000000 Z", "%d,%d %7s [%[a-z]] %f %u %lld %c", &a, &b, s1, s2, &fl, &u, &ll, &ch);
  printf("sscanf %d: %d %d %s %s %.1f %u %lld %c\n", k, a, b, s1, s2, fl, u, ll, ch);
  int i1 = -1, i2 = -1, i3 = -1, pos = 0;
  k = sscanf("0x1f 017 12abc", "%i %i %i%n", &i1, &i2, &i3, &pos);
  printf("%%i: %d %d %d %d pos=%d\n", k, i1, i2, i3, pos);
  k = sscanf("", "%d", &a); printf("empty: %d\n", k);
  k = sscanf("abc", "%d", &a); printf("no digits: %d\n", k);
  k = sscanf("12 34", "%*d %d", &a); printf("suppressed: %d %d\n", k, a);
  k = sscanf("1234567", "%3d%2d", &a, &b); printf("widths: %d %d %d\n", k, a, b);
  k = sscanf("inf nan -0x1.8p1", "%lf %lf %lf", &d, &d, &d); printf("special: %d %.2f\n", k, d);
  return 0;
}

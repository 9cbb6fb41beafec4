/* Loops whose index is incremented before the address that reads it (at -O2 the
 * loop-invariant pass built s + 1 + i from the already incremented i). Every shape is used
 * after the loop as well, so a wrong index shows in the output. */
#include <stdio.h>
#include <string.h>

static const char *paths[] = {"abc/", "/", "a/b/c", "long/er/path", "x//y", "utf8\xc3\xa9/z"};

static long do_pre_long(const char *s) { long i = 0; do { ++i; } while (s[i] != '/' && s[i]); return i; }
static long do_post_long(const char *s) { long i = 0; do { i++; } while (s[i] != '/' && s[i]); return i; }
static int do_int(const char *s) { int i = 0; do { i += 1; } while (s[i] != '/' && s[i]); return i; }
static unsigned do_unsigned(const char *s) { unsigned i = 0; do { i++; } while (s[i] != '/' && s[i]); return i; }
static long while_post(const char *s) { long i = 0; while (s[i++] != '/' && s[i - 1]) {} return i; }
static long while_pre(const char *s) { long i = -1; while (s[++i] != '/' && s[i]) {} return i; }
static long for_inc_in_body(const char *s) {
    long i;
    for (i = 0; ; ) { i++; if (s[i] == '/' || !s[i]) break; }
    return i;
}
static const char *ptr_do(const char *p) { do { p++; } while (*p != '/' && *p); return p; }
static const char *ptr_while(const char *p) { while (*++p != '/' && *p) {} return p; }

/* The index is redefined in another block between the addition and the access. */
static long branchy(const char *s, int skip) {
    long i = 0, t;
    do {
        t = i + 1;
        if (skip && s[t] == 'b') i = t + 1; else i = t;
    } while (s[t] != '/' && s[t]);
    return i * 100 + t;
}

/* Counted loops whose index is read after a step inside the body. */
static int sum_next(const int *a, int n) {
    int s = 0;
    for (int i = 0; i < n - 1; ) { i++; s += a[i] * i; }
    return s;
}
static long row_scan(const double *m, int rows, int cols) {
    long hits = 0;
    for (int r = 0; r < rows; r++) {
        int c = 0;
        do { c++; } while (c < cols && m[r * cols + c] < 0.5);
        hits += c;
    }
    return hits;
}

/* utf8: count code points by skipping continuation bytes, as an interpreter's decoder does. */
static int utf8_len(const unsigned char *s) {
    int n = 0;
    long i = 0;
    while (s[i]) {
        do { i++; } while ((s[i] & 0xc0) == 0x80);
        n++;
    }
    return n;
}

int main(void) {
    for (unsigned k = 0; k < sizeof paths / sizeof *paths; k++) {
        const char *s = paths[k];
        printf("%-14s do:%ld %ld %d %u while:%ld %ld for:%ld ptr:%ld %ld branchy:%ld %ld\n", s,
               do_pre_long(s), do_post_long(s), do_int(s), do_unsigned(s), while_post(s), while_pre(s),
               for_inc_in_body(s), (long)(ptr_do(s) - s), (long)(ptr_while(s) - s), branchy(s, 0), branchy(s, 1));
    }
    int a[10];
    for (int i = 0; i < 10; i++) a[i] = i * 3 - 7;
    printf("sum_next %d %d %d\n", sum_next(a, 10), sum_next(a, 1), sum_next(a, 2));
    double m[6 * 7];
    for (int i = 0; i < 42; i++) m[i] = ((i * 37) % 11) / 10.0;
    printf("row_scan %ld\n", row_scan(m, 6, 7));
    printf("utf8 %d %d %d\n", utf8_len((const unsigned char *)"h\xc3\xa9llo"), utf8_len((const unsigned char *)"\xe2\x82\xac\xf0\x9f\x98\x80!"),
           utf8_len((const unsigned char *)""));
    char buf[64];
    strcpy(buf, "one/two/three");
    long at = 0, parts = 0;
    while (buf[at]) { long j = at; do { j++; } while (buf[j] && buf[j] != '/'); parts += j - at; at = buf[j] ? j + 1 : j; }
    printf("parts %ld at %ld\n", parts, at);
    return 0;
}

// FLAGS: -Wall -Wextra -Werror -Wimplicit-fallthrough
/* Idioms of a -Werror library (expat) that must compile cleanly, as with gcc and clang:
 * a pointer one past the end formed with &a[N] through a macro, a fallthrough attribute statement
 * out of a macro, an assert after a switch whose every case returns (the end is dead), and a case
 * that ends in a call of a noreturn function declared with the attribute before 'static'. */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define endof(a) (&(a)[sizeof(a) / sizeof *(a)])
#if defined(__has_attribute)
#  if __has_attribute(fallthrough)
#    define FALLTHROUGH __attribute__((fallthrough))
#  endif
#endif
#ifndef FALLTHROUGH
#  define FALLTHROUGH do { } while (0)
#endif

struct hash { unsigned char buf[8], *p; unsigned long sum; };

static void feed(struct hash *h, const char *src, size_t len) {
  const char *s = src, *e = src + len;
  while (s < e) {
    while (s < e && h->p < endof(h->buf)) *h->p++ = (unsigned char) *s++;
    if (h->p < endof(h->buf)) break;
    for (unsigned char *q = h->buf; q < endof(h->buf); q++) h->sum = h->sum * 31 + *q;
    h->p = h->buf;
  }
}

static int weight(int state, int started) {
  int w = 0;
  switch (state) {
  case 0:
    return -1;
  case 1:
    if (!started) return -2;
    FALLTHROUGH;
  case 2:
    w += 10;
    FALLTHROUGH;
  default:
    w += 1;
  }
  return w;
}

static const char *name(unsigned char c) {
  switch (c) {
  case 0:
    return "zero";
  case 1:
    return "one";
  default:
    assert(c > 1);
    return "many";
  }
  assert(0); /* never gets here */
}

#if defined(__GNUC__)
__attribute__((noreturn))
#endif
static void usage(int rc) { exit(rc); }

static int option(char c) {
  switch (c) {
  case 'h':
    usage(2);
    // usage exits, never gets here
  case 'v':
    return 1;
  default:
    return 0;
  }
}

int main(void) {
  struct hash h = {{0}, 0, 7};
  h.p = h.buf;
  const char *text = "the quick brown fox jumps over the lazy dog";
  feed(&h, text, strlen(text));
  printf("sum %lu, pending %d\n", h.sum, (int) (h.p - h.buf));
  for (int s = 0; s < 4; s++) printf("weight(%d) = %d %d\n", s, weight(s, 0), weight(s, 1));
  for (int c = 0; c < 3; c++) printf("name(%d) = %s\n", c, name((unsigned char) c));
  printf("option v %d, x %d\n", option('v'), option('x'));
  return 0;
}

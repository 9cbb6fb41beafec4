/* The second unit of 125: weak definitions of a hook, a setting and a default, which the
 * program's strong ones replace where it has them. */
#include <stdio.h>

__attribute__((weak)) void on_event(int e) { printf("default handler %d\n", e); }
__attribute__((weak)) const char *name(void) { return "library"; }
__attribute__((weak)) int verbosity = 1;
int table[3] __attribute__((weak)) = {1, 2, 3};

int fire(int e) {
  void (*p)(int) = on_event;   /* the address is the one the link chose too */
  on_event(e);
  p(e + 1);
  return verbosity * 100 + table[2];
}

const char *who(void) { return name(); }

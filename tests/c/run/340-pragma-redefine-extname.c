/* #pragma redefine_extname old new: a declaration of old links to new's symbol, whether it comes
 * before or after the pragma; functions of this file, C library functions (as Solaris-style headers
 * use it) and variables; __PRAGMA_REDEFINE_EXTNAME announces it. */
#include <stdio.h>
#include <stddef.h>
int twice_old(int x); /* declared before the pragma: renamed too */
#pragma redefine_extname twice_old twice_new
#pragma redefine_extname length_of strlen
#pragma redefine_extname counter_alias counter
size_t length_of(const char *s);
extern int counter_alias;
int counter = 40;
int twice_new(int x) { return 2 * x; }
/* the alias is written here and counter read in main: one object, which the compilers do not know */
__attribute__((noinline)) void bump(void) { counter_alias += 2; }
int main(void) {
  bump();
  printf("%d %zu %d %d\n", twice_old(21), length_of("redefine"), counter, counter_alias);
#ifdef __PRAGMA_REDEFINE_EXTNAME
  printf("__PRAGMA_REDEFINE_EXTNAME %d\n", __PRAGMA_REDEFINE_EXTNAME);
#endif
  return 0;
}

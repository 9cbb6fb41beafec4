// LINK: support/125-weak-lib.c
/* Weak definitions: the program's strong on_event and verbosity replace the library unit's weak
 * ones, for the library's own calls, its function pointer and its reads too; name() and table
 * keep the weak definitions nothing replaces. */
#include <stdio.h>

int fire(int e);
const char *who(void);
extern int table[3];

int verbosity = 3;
void on_event(int e) { printf("program handler %d\n", e); }

int main(void) {
  printf("fire %d\n", fire(5));
  printf("who %s, table %d\n", who(), table[0]);
  return 0;
}

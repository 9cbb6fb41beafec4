// LINK: support/124-ctors-lib.c
/* constructor and destructor attributes: run before main and after exit, by priority across the
 * two units (then in link order and source order), destructors after the program's own atexit
 * handlers, lower priorities last; static ones, one declared by a prototype, and a
 * __has_attribute check. */
#include <stdio.h>
#include <stdlib.h>

int trace[16], ntrace;
int lib_value(void);

__attribute__((constructor)) static void main_default(void) { trace[ntrace++] = 1; }
__attribute__((constructor(101))) static void main101(void) { trace[ntrace++] = 101; }
__attribute__((constructor(200))) void main200(void) { trace[ntrace++] = 200; }
void by_prototype(void) __attribute__((constructor(180)));
void by_prototype(void) { trace[ntrace++] = 180; }

static void handler(void) { printf("main atexit handler\n"); }

__attribute__((destructor)) static void main_d_default(void) { printf("main dtor default\n"); }
__attribute__((destructor(110))) static void main_d110(void) { printf("main dtor 110\n"); }
__attribute__((destructor(300))) static void main_d300(void) { printf("main dtor 300, trace %d\n", ntrace); }

int main(void) {
#if __has_attribute(constructor) && __has_attribute(destructor)
  printf("has constructor and destructor\n");
#endif
  atexit(handler);
  printf("constructors ran:");
  for (int i = 0; i < ntrace; i++) printf(" %d", trace[i]);
  printf("\nlib %d\n", lib_value());
  fflush(stdout);
  exit(0);
}

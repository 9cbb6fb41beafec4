// LINK: support/328-weakref-defs.c
/* weakref: a static name that refers weakly to another symbol, as glibc's and libgcc's headers use
 * it (gthr-posix.h: "static __typeof(pthread_create) __gthrw_pthread_create
 * __attribute__((weakref("pthread_create")))"). A target nothing defines is null; one another
 * unit defines is reached through the weakref's name, in code and in initialised data; the
 * argument-less form takes its target from alias. */
#include <stdio.h>

static int present(int) __attribute__((weakref("defined_elsewhere")));
static void absent(void) __attribute__((weakref("nowhere_defined")));
static int counter_ref __attribute__((weakref("shared_counter")));
static double missing_obj __attribute__((weakref, alias("missing_double")));
static int twice(int) __attribute__((weakref)) __attribute__((alias("defined_elsewhere")));
static size_t my_strlen(const char *) __attribute__((weakref("strlen")));

static int (*table[])(int) = {present, twice};
static int *counter_ptr = &counter_ref;

int main(void) {
  printf("present %s, absent %s\n", present ? "bound" : "null", absent ? "bound" : "null");
  printf("missing_obj %s\n", &missing_obj ? "bound" : "null");
  if (present) printf("present(4) = %d, via table %d %d\n", present(4), table[0](5), table[1](6));
  if (absent) absent();
  counter_ref += 10;
  printf("counter %d %d\n", counter_ref, *counter_ptr);
  printf("same function: %d\n", table[0] == table[1]);
  printf("strlen through weakref: %zu\n", my_strlen("weakref"));
  return 0;
}

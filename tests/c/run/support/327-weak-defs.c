/* Definitions for 327-weak-defined.c's weak references. */
#include <stdio.h>

int weak_obj = 37;
int weak_arr[] = {1, 2, 3, 4};

void hook(int x) { printf("hook(%d), weak_obj %d\n", x, weak_obj); }

int counter(void) {
  static int n;
  return ++n;
}

// LINK: support/327-weak-defs.c
/* Weak references that another unit defines bind to its definitions: calls, addresses in code
 * and in initialised data reach them, and an object's reads and writes share its storage. */
#include <stdio.h>

extern void hook(int) __attribute__((weak));
extern int weak_obj __attribute__((weak));
extern int weak_arr[] __attribute__((weak));
int counter(void);
#pragma weak counter
extern void undefined_hook(void) __attribute__((weak));

void (*hook_ptr)(int) = hook;
int *obj_ptr = &weak_obj;
int *third = &weak_arr[2];

int main(void) {
  printf("hook %s, weak_obj %s\n", hook ? "defined" : "null", &weak_obj ? "defined" : "null");
  if (hook) hook(7);
  hook_ptr(8);
  weak_obj += 5;
  printf("weak_obj %d via pointer %d\n", weak_obj, *obj_ptr);
  printf("weak_arr[2] %d %d\n", weak_arr[2], *third);
  if (counter) {
    int first = counter();
    printf("counter %d %d\n", first, counter());
  }
  printf("undefined_hook %s\n", undefined_hook ? "defined" : "null");
  return 0;
}

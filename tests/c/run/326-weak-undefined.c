/* Weak references that nothing in the link defines: as GNU ld links them, their addresses are 0
 * (in code and in initialised data, also past an offset), a test for null skips them, a weak
 * reference to the C library binds to it. (A call through an undefined one faults, SIGSEGV, as
 * gcc's build does: CrashTest's "weak-call", since a call through null is undefined behaviour.) */
#include <stdio.h>
#include <string.h>

extern void hook(int) __attribute__((weak));
extern int weak_obj __attribute__((weak));
extern double weak_arr[] __attribute__((weak));
extern size_t strlen(const char *) __attribute__((weak)); /* defined by the C library */
int optional_init(void);
#pragma weak optional_init
void optional_done(void);

void (*hook_ptr)(int) = hook;
int *obj_ptr = &weak_obj;
double *arr_ptr = weak_arr;

#pragma weak optional_done

static int call_hooks(void) {
  int n = 0;
  if (hook) { hook(1); n++; }
  if (optional_init) n += optional_init();
  if (optional_done) { optional_done(); n++; }
  return n;
}

int main(void) {
  printf("hook %s\n", hook ? "defined" : "null");
  printf("&weak_obj == 0: %d, weak_arr == 0: %d\n", &weak_obj == 0, weak_arr == 0);
  printf("pointers: %d %d %d\n", hook_ptr == 0, obj_ptr == 0, arr_ptr == NULL);
  printf("optional: %d %d\n", optional_init == 0, !optional_done);
  printf("hooks called: %d\n", call_hooks());
  if (&weak_obj) printf("weak_obj %d\n", weak_obj);
  printf("strlen %s: %zu\n", strlen ? "bound" : "null", strlen("four"));
  void (*fp)(int) = hook;
  printf("fp == hook: %d\n", fp == hook);
  return 0;
}

// FLAGS: -fno-builtin -lm
/* autoconf's AC_CHECK_FUNCS / AC_CHECK_LIB programs declare the function with a made-up type and only
 * link (the call is never run): the link must succeed for functions of jomp's C library too, or
 * configure decides the function is missing (jq then built without floor, sqrt, sin, fabs, ...).
 * -fno-builtin: the corpus also builds with -Wall -Werror, where gcc and clang reject redeclaring a
 * builtin (configure's compiles only warn); it changes nothing in jomp's link. */
#include <stdio.h>

/* Override any GCC internal prototype to avoid an error.
   Use char because int might match the return type of a GCC
   builtin and then its argument prototype would still apply.  */
char fabs ();
char floor ();
char strlen ();

int main (int argc, char **argv) {
  (void) argv;
  if (argc > 99) return fabs () + floor () + strlen ();   /* never run: the check is the link */
  printf ("linked\n");
  return 0;
}

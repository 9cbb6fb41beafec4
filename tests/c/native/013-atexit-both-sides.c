// NATIVE: -ljnative
// atexit handlers registered by jomp code and by a library run once each, last registered first,
// and their output is flushed; exit called from the library ends the program the same way.
#include <stdio.h>
#include <stdlib.h>
#include "jnative.h"

static void jomp_first(void) { printf("jomp handler registered first\n"); }
static void jomp_second(void) { printf("jomp handler registered second (via the library)\n"); }
static void jomp_third(void) { printf("jomp handler registered third\n"); }

int main(int argc, char **argv) {
    atexit(jomp_first);
    lib_register_atexit();
    lib_register(jomp_second);
    atexit(jomp_third);
    printf("main done, %d arguments\n", argc);
    if (argc > 2) lib_exit(7);
    return 0;
}

/* The second unit of 124: constructors and destructors of priorities that interleave with the
 * first unit's, and a constructor that registers an atexit handler. */
#include <stdio.h>
#include <stdlib.h>

extern int trace[16], ntrace;

static void lib_handler(void) { printf("lib atexit handler\n"); }

__attribute__((constructor(150))) static void lib150(void) { trace[ntrace++] = 150; }
__attribute__((constructor)) static void lib_default(void) { trace[ntrace++] = 2; atexit(lib_handler); }
__attribute__((destructor(120))) static void lib_d120(void) { printf("lib dtor 120\n"); }
__attribute__((destructor)) static void lib_d_default(void) { printf("lib dtor default\n"); }

int lib_value(void) { return 42; }

// NATIVE: -ljnative
// The environment as glibc has it: getenv before and after native code runs, setenv and putenv
// seen by the library and by jomp code, unsetenv, environ.
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "jnative.h"

#include <unistd.h>

int main(void) {
    printf("JOMP_TEST_ENV=%s\n", getenv("JOMP_TEST_ENV"));
    printf("lib sees %s\n", lib_getenv("JOMP_TEST_ENV"));
    setenv("JOMP_NEW", "from jomp", 1);
    printf("lib sees JOMP_NEW=%s\n", lib_getenv("JOMP_NEW"));
    lib_setenv("JOMP_LIB", "from the library");
    printf("jomp sees JOMP_LIB=%s\n", getenv("JOMP_LIB"));
    static char entry[] = "JOMP_PUT=put";
    putenv(entry);
    printf("putenv: %s\n", getenv("JOMP_PUT"));
    unsetenv("JOMP_NEW");
    printf("after unsetenv: %s\n", getenv("JOMP_NEW") ? getenv("JOMP_NEW") : "(null)");
    int found = 0;
    for (char **e = environ; *e; e++) if (strncmp(*e, "JOMP_LIB=", 9) == 0) found++;
    printf("environ has JOMP_LIB: %d\n", found);
    return 0;
}

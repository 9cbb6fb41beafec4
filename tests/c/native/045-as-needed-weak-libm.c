// NATIVE: -Wl,--as-needed -lm -lpthread -ldl -lrt
// GNU ld's --as-needed with weak references to the C library's functions: libm defines sin, cbrt
// and lgamma, which the program references only weakly, so ld leaves libm out and they stay
// undefined (address 0), although libm was named; jomp's libm is built in and answers as ld's
// link does. libpthread's, libdl's and librt's functions are libc's since glibc 2.34, and libc is
// always needed, so weak references to them (and to libc's own strlen, ldexp) bind and work.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#pragma weak sin
#pragma weak cbrt
#pragma weak lgamma
#pragma weak pthread_self
#pragma weak dlsym
#pragma weak clock_gettime
#pragma weak strlen
#pragma weak ldexp

int main(void) {
    double (*s)(double) = sin;
    printf("sin %s\n", s ? "bound" : "null");
    printf("cbrt %s\n", &cbrt ? "bound" : "null");
    printf("lgamma %s\n", lgamma ? "bound" : "null");
    printf("pthread_self %s\n", &pthread_self ? "bound" : "null");
    printf("dlsym %s\n", dlsym ? "bound" : "null");
    printf("clock_gettime %s\n", clock_gettime ? "bound" : "null");
    if (strlen) printf("strlen %zu\n", strlen("weakly"));
    if (ldexp) printf("ldexp %g\n", ldexp(3.0, 4));
    if (clock_gettime) {
        struct timespec t;
        printf("clock_gettime returns %d\n", clock_gettime(CLOCK_MONOTONIC, &t));
    }
    return 0;
}

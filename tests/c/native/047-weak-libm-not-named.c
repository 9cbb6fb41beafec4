// NATIVE: -Wl,--no-as-needed -lpthread
// A weak reference to a libm function in a program that does not link libm: gcc's driver does not
// add -lm, so ld finds no definition and the reference stays undefined (address 0), even
// --no-as-needed. jomp always has its libm, but links it as ld would an --as-needed one, so a weak
// reference alone leaves it 0 here too, whatever the program's own --as-needed state; libc's
// functions (pthread_self, glibc 2.34's libpthread is in libc) bind.
#include <math.h>
#include <pthread.h>
#include <stdio.h>

#pragma weak sqrt
#pragma weak exp
#pragma weak pthread_self

int main(void) {
    printf("sqrt %s\n", sqrt ? "bound" : "null");
    printf("exp %s\n", &exp ? "bound" : "null");
    printf("pthread_self %s\n", pthread_self ? "bound" : "null");
    if (pthread_self) printf("self is %s\n", pthread_self() == pthread_self() ? "stable" : "changing");
    return 0;
}

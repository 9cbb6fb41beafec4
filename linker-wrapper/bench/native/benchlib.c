/* The native side of the native-call benchmark, built by gcc -O2 -shared -fPIC for both builds. */
#include <stdlib.h>

int add(int a, int b) { return a + b; }

/* glibc's qsort calling the caller's comparison function: the callback path */
void sort_ints(int *a, size_t n, int (*cmp)(const void *, const void *)) { qsort(a, n, sizeof *a, cmp); }

/* n calls of a callback, with nothing else in between: an upcall's own cost */
long call_back(long n, int (*f)(int, int)) {
    long s = 0;
    for (long i = 0; i < n; i++) s += f((int)i, 1);
    return s;
}

/* The native side of the native-call benchmark, built by gcc -O2 -shared -fPIC for both builds. */
#include <stdlib.h>

int add(int a, int b) { return a + b; }

/* the same work behind a call: not a leaf, so jomp calls it with a thread-state transition and
 * errno capture */
static volatile int zero;
__attribute__((noinline)) static int id(int x) { return x + zero; }
int add_nonleaf(int a, int b) { return id(a) + b; }

/* glibc's qsort calling the caller's comparison function: the callback path */
void sort_ints(int *a, size_t n, int (*cmp)(const void *, const void *)) { qsort(a, n, sizeof *a, cmp); }

/* n calls of a callback, with nothing else in between: an upcall's own cost */
long call_back(long n, int (*f)(int, int)) {
    long s = 0;
    for (long i = 0; i < n; i++) s += f((int)i, 1);
    return s;
}

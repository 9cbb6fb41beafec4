#include <stdio.h>
#define DO_PRAGMA(x) _Pragma(#x)
#define PARALLEL_FOR DO_PRAGMA(omp parallel for)
int main(void) {
    int a[64];
    _Pragma("omp parallel for")
    for (int i = 0; i < 64; i++) a[i] = i * i;
    PARALLEL_FOR
    for (int i = 0; i < 64; i++) a[i] += 1;
    long s = 0;
    for (int i = 0; i < 64; i++) s += a[i];
    printf("sum %ld\n", s);
#ifdef _OPENMP
    printf("openmp defined\n");
#endif
    return 0;
}

// NATIVE: -ljnative
// Native calls inside a target region: the jvm device runs on the host, so code offloaded to it
// calls the library too (structs by value, variadic, globals).
#include <stdio.h>
#include <omp.h>
#include "jnative.h"

int main(void) {
    int r[4];
    #pragma omp target map(from: r[0:4])
    {
        struct pair p = {1, 2}, q = {3, 4};
        r[0] = pair_dot(p, q);
        r[1] = vsum(3, 1, 2, 3);
        r[2] = lib_get_counter();
        r[3] = 0;
    }
    printf("%d %d %d\n", r[0], r[1], r[2]);
    int sum = 0;
    #pragma omp target teams distribute parallel for reduction(+: sum) map(tofrom: sum)
    for (int i = 0; i < 100; i++) sum += pair_dot(pair_make(i, 1), (struct pair){1, i});
    printf("sum %d\n", sum);
    return 0;
}

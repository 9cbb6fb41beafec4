// KERNELS: 4
/* Reductions of __int128 and unsigned __int128 in target regions (gcc 12 reduces them; on the
   device, the team's and the league's partial results combine under the reduction lock): + * max
   in target teams distribute parallel for, ^ and min in target parallel for, & and | in a target
   teams region's distribute, and an array section; printed as 64-bit words. */
#include <stdio.h>

typedef __int128 i128;
typedef unsigned __int128 u128;

static void show(const char *name, u128 v) {
    printf("%s %016llx%016llx\n", name, (unsigned long long)(v >> 64), (unsigned long long)v);
}

int main(void) {
    i128 sum = 3, prod = 1, mx = 0;
#pragma omp target teams distribute parallel for reduction(+ : sum) reduction(* : prod) reduction(max : mx)
    for (int i = 1; i <= 1000; i++) {
        sum += ((i128)i << 70) - i;
        if (i % 250 == 0) prod *= (i128)i << 20;
        if (((i128)(i % 97) << 100) > mx) mx = (i128)(i % 97) << 100;
    }
    show("sum", sum);
    show("prod", prod);
    show("max", mx);

    u128 x = 0, mn = ~(u128)0;
#pragma omp target parallel for reduction(^ : x) reduction(min : mn)
    for (int i = 0; i < 512; i++) {
        u128 v = ((u128)i * 0x9e3779b97f4a7c15ULL) << 40 | (u128)i;
        x ^= v;
        if (v + 1 < mn) mn = v + 1;
    }
    show("xor", x);
    show("min", mn);

    u128 band = ~(u128)0, bor = 0;
#pragma omp target teams reduction(& : band) reduction(| : bor) num_teams(4)
#pragma omp distribute
    for (int i = 0; i < 128; i++) {
        band &= ~((u128)1 << i) | ((u128)1 << 127);
        bor |= (u128)1 << i;
    }
    show("and", band);
    show("or", bor);

    i128 hist[3] = {0, 0, 0};
#pragma omp target teams distribute parallel for reduction(+ : hist[0 : 3]) map(tofrom : hist)
    for (int i = 0; i < 300; i++) hist[i % 3] -= (i128)i << 80;
    for (int k = 0; k < 3; k++) show("hist", hist[k]);
    return 0;
}

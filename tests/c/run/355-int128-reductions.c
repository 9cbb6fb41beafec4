// FLAGS: -Wl,--no-as-needed -latomic
/* OpenMP reductions of __int128 and unsigned __int128 (gcc 12 reduces them): every operator
   (+ - * & | ^ && || min max) in a parallel loop with sums carrying past 64 bits, an array
   section reduction, simd, taskloop, host teams distribute, sections and a parallel region's
   own reduction; each printed as its two 64-bit words. */
#include <stdio.h>

typedef __int128 i128;
typedef unsigned __int128 u128;

static void show(const char *name, u128 v) {
    printf("%s %016llx%016llx\n", name, (unsigned long long)(v >> 64), (unsigned long long)v);
}

int main(void) {
    i128 sum = 5, diff = 0, prod = 1, mn = 0, mx = 0;
    u128 band = ~(u128)0, bor = 0, bxor = 0, umn = ~(u128)0, umx = 0;
    i128 land = 1, lor = 0;
#pragma omp parallel for reduction(+ : sum) reduction(- : diff) reduction(* : prod) reduction(min : mn) \
    reduction(max : mx) reduction(& : band) reduction(| : bor) reduction(^ : bxor) reduction(min : umn) \
    reduction(max : umx) reduction(&& : land) reduction(|| : lor)
    for (int i = 1; i <= 200; i++) {
        i128 v = ((i128)i << 80) + (i128)i * 0x0123456789abcdefLL;
        sum += v;
        diff -= v;
        if (i % 50 == 0) prod *= (i128)i << 15;
        if (-v < mn) mn = -v;
        if (v - ((i128)100 << 80) > mx) mx = v - ((i128)100 << 80);
        u128 u = (u128)v * 0x9e3779b97f4a7c15ULL;
        band &= u | ((u128)1 << 127);
        bor |= (u128)1 << (i % 128);
        bxor ^= u;
        if (u < umn) umn = u;
        if (u > umx) umx = u;
        land = land && ((i128)i << 100) != 0;
        lor = lor || (i == 150 ? ((i128)1 << 90) : 0) != 0;
    }
    show("sum", sum);
    show("diff", diff);
    show("prod", prod);
    show("min", mn);
    show("max", mx);
    show("and", band);
    show("or", bor);
    show("xor", bxor);
    show("umin", umn);
    show("umax", umx);
    printf("land %d lor %d\n", (int)land, (int)lor);

    i128 hist[4] = {0, 0, 0, 0};
#pragma omp parallel for reduction(+ : hist[1 : 3])
    for (int i = 0; i < 300; i++) hist[1 + i % 3] += (i128)i << 70;
    for (int k = 0; k < 4; k++) show("hist", hist[k]);

    u128 s2 = 0;
#pragma omp simd reduction(+ : s2)
    for (int i = 0; i < 100; i++) s2 += (u128)i << 64 | (u128)i;
    show("simd", s2);

    i128 s3 = 0, m3 = 0;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop reduction(+ : s3) reduction(max : m3)
    for (int i = 0; i < 64; i++) {
        s3 += -((i128)i << 66);
        if (((i128)i << 99) > m3) m3 = (i128)i << 99;
    }
    show("taskloop", s3);
    show("taskloop max", m3);

    i128 s4 = 0;
#pragma omp teams distribute parallel for reduction(+ : s4) num_teams(2)
    for (int i = 0; i < 1000; i++) s4 += (i128)i * i * i * 0x100000001LL;
    show("teams", s4);

    u128 s5 = 1;
#pragma omp parallel sections reduction(* : s5)
    {
#pragma omp section
        s5 *= (u128)3 << 40;
#pragma omp section
        s5 *= (u128)5 << 40;
#pragma omp section
        s5 *= (u128)7 << 40;
    }
    show("sections", s5);

    u128 s6 = 0;
#pragma omp parallel reduction(+ : s6)
    {
#pragma omp for
        for (int i = 0; i < 128; i++) s6 += (u128)1 << i % 127;
    }
    show("region", s6);
    return 0;
}

// FLAGS: -Wl,--no-as-needed -latomic
/* OpenMP reductions of __float128 (gcc 12 reduces them): + - * min max in a parallel loop over
   values exact in binary128 but not in double (so every order of the partial results gives one
   answer), an array section, simd and taskloop; each printed through double and as the
   difference from its double rounding. */
#include <stdio.h>

static void show(const char *name, __float128 v) {
    printf("%s %.17g %.17g\n", name, (double)v, (double)(v - (__float128)(double)v));
}

int main(void) {
    __float128 sum = 0.5Q, diff = 0, prod = 1, mn = 1e30Q, mx = -1e30Q;
#pragma omp parallel for reduction(+ : sum) reduction(- : diff) reduction(* : prod) reduction(min : mn) \
    reduction(max : mx)
    for (int i = 1; i <= 400; i++) {
        __float128 v = (__float128)i * 0x1p60Q + (__float128)i * 0x1p-30Q;
        sum += v;
        diff -= v;
        if (i % 100 == 0) prod *= (__float128)i / 4 + 0x1p-20Q;
        if (v - 0x1p68Q < mn) mn = v - 0x1p68Q;
        if (-v > mx || i == 1) mx = -v > mx ? -v : mx;
    }
    show("sum", sum);
    show("diff", diff);
    show("prod", prod);
    show("min", mn);
    show("max", mx);

    __float128 parts[3] = {1, 2, 3};
#pragma omp parallel for reduction(+ : parts[0 : 3])
    for (int i = 0; i < 90; i++) parts[i % 3] += (__float128)i * 0x1p-100Q;
    for (int k = 0; k < 3; k++) show("part", parts[k]);

    __float128 s2 = 0;
#pragma omp simd reduction(+ : s2)
    for (int i = 0; i < 64; i++) s2 += 0x1p40Q + (__float128)i * 0x1p-60Q;
    show("simd", s2);

    __float128 s3 = 0, m3 = -1;
#pragma omp parallel
#pragma omp single
#pragma omp taskloop reduction(+ : s3) reduction(max : m3)
    for (int i = 0; i < 50; i++) {
        s3 += (__float128)i / 1024;
        if ((__float128)i / 3 > m3) m3 = (__float128)i / 3;
    }
    show("taskloop", s3);
    show("taskloop max", m3);
    return 0;
}

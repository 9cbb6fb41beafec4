// ORACLE: clang-19
/* _BitInt(N) in OpenMP regions: shared and private _BitInt variables in a parallel loop, a
   reduction(+) and a reduction(^) on unsigned _BitInt (wrapping at N bits whatever the order of
   the partial sums), atomic updates that wrap, a critical update of a 100-bit total, and a target region that maps
   _BitInt arrays and scalars (run on the host here; tests/c/offload covers devices). */
#include <stdio.h>

typedef unsigned _BitInt(20) u20;
typedef _BitInt(100) s100;

int main(void) {
    u20 data[256];
    for (int i = 0; i < 256; i++) data[i] = (u20)(i * 40503u);
    u20 sum = 0, x = 0;
#pragma omp parallel for reduction(+ : sum) reduction(^ : x)
    for (int i = 0; i < 256; i++) {
        u20 v = data[i] * data[i];
        sum += v;
        x ^= v;
    }
    printf("%u %u\n", (unsigned)sum, (unsigned)x);
    u20 atomic_sum = 0, count = 0;
#pragma omp parallel for
    for (int i = 0; i < 256; i++) {
#pragma omp atomic
        atomic_sum += data[i] * 3;
#pragma omp atomic
        count++;
    }
    printf("%u %u\n", (unsigned)atomic_sum, (unsigned)count);
    s100 total = 0;
#pragma omp parallel for
    for (int i = 0; i < 64; i++) {
        s100 t = (s100)data[i] << 40;
#pragma omp critical
        total += t;
    }
    printf("%llx %llx\n", (unsigned long long)(total >> 64), (unsigned long long)total);
    _BitInt(7) small[16];
    s100 wide = 1;
#pragma omp target map(tofrom : small, wide) map(to : data)
    {
        for (int i = 0; i < 16; i++) small[i] = (_BitInt(7))(data[i] & 0x7F);
        wide = -(wide << 97) >> 95;
    }
    for (int i = 0; i < 16; i++) printf("%d ", (int)small[i]);
    printf("%lld\n", (long long)wide);
    return 0;
}

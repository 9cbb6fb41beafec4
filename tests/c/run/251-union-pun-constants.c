/* Reads of a local union or array that only constant initialisers wrote, through another member
 * (the endianness tests of lz4, xxHash and zstd): the -O2 optimiser folds them to constants
 * (ConstantSlots) where every byte read was written, and leaves the rest in memory. */
#include <stdio.h>
#include <string.h>

typedef unsigned int U32;
typedef unsigned char BYTE;

static unsigned is_little_endian(void) { const union { U32 u; BYTE c[4]; } one = { 1 }; return one.c[0]; }

static int nb_common_bytes(unsigned long long v) {
    if (is_little_endian()) return __builtin_ctzll(v) >> 3;
    return __builtin_clzll(v) >> 3;
}

static double bits_to_double(void) { union { unsigned long long u; double d; } x = { 0x3ff8000000000000ULL }; return x.d; }

static int halves(void) {
    union { U32 w; unsigned short h[2]; signed char b[4]; } x = { 0x80ff7f01u };
    return x.h[0] * 3 + x.h[1] + x.b[1] * 7 + x.b[2] + x.b[3];
}

static int partly(int k) {
    union { unsigned short s; BYTE c[8]; } x;
    x.s = 0x0201;
    x.c[5] = (BYTE)k;          /* not a constant: this union stays in memory */
    return x.c[0] + x.c[1] * 10 + x.c[5];
}

static int later_store(int k) {
    union { U32 u; BYTE c[4]; } x = { 0x01020304 };
    int r = x.c[0];
    if (k > 2) x.u = 0x0a0b0c0d;
    return r * 100 + x.c[0];
}

int main(void) {
    unsigned long long vals[] = {1, 0x100, 0x10000, 0x8000000000000000ULL, 0xff00};
    for (int i = 0; i < 5; i++) printf("nb %d\n", nb_common_bytes(vals[i]));
    printf("le %u double %g halves %d\n", is_little_endian(), bits_to_double(), halves());
    printf("partly %d %d\n", partly(3), partly(250));
    printf("later %d %d\n", later_store(1), later_store(5));
    char buf[8];
    memcpy(buf, &(U32){0x64636261u}, 4);
    buf[4] = 0;
    printf("bytes %s\n", buf);
    return 0;
}

// NATIVE: -lz
// zlib: compress and uncompress round trip, crc32 and adler32, through the system's libz.
#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <zlib.h>

int main(void) {
    enum { N = 100000 };
    unsigned char *src = malloc(N), *back = malloc(N);
    for (int i = 0; i < N; i++) src[i] = (unsigned char)("the quick brown fox "[i % 20] + (i / 1000) % 3);
    uLong bound = compressBound(N);
    unsigned char *z = malloc(bound);
    for (int level = 1; level <= 9; level += 4) {
        uLongf zlen = bound, blen = N;
        int r1 = compress2(z, &zlen, src, N, level);
        int r2 = uncompress(back, &blen, z, zlen);
        printf("level %d: %d %d %lu bytes -> %lu, back %lu, same %d\n", level, r1, r2, (uLong)N, zlen, blen, memcmp(src, back, N) == 0);
    }
    uLongf zlen = bound;
    compress(z, &zlen, src, N);
    uLongf small = 10;
    printf("too small: %d\n", uncompress(back, &small, z, zlen));
    printf("crc32 %08lx adler32 %08lx\n", crc32(0, src, N), adler32(1, src, N));
    printf("version starts with 1: %d\n", zlibVersion()[0] == '1');
    free(src); free(back); free(z);
    return 0;
}

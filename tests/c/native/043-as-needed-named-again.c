// NATIVE: -Wl,--as-needed -lz -lbz2 -Wl,--no-as-needed -lz
// A library named first with --as-needed and again without it is needed (ld loads it once, and
// the second naming makes it needed): libz's weakly referenced symbols bind. As 041 otherwise.
#define _GNU_SOURCE
#include <bzlib.h>
#include <dlfcn.h>
#include <stdio.h>
#include <zlib.h>

#pragma weak zlibCompileFlags
#pragma weak crc32
#pragma weak BZ2_bzBuffToBuffCompress

static void loaded(const char *so) {
    void *h = dlopen(so, RTLD_LAZY | RTLD_NOLOAD);
    printf("%s %s\n", so, h ? "loaded" : "not loaded");
    if (h) dlclose(h);
}

int main(void) {
    printf("bzip2 version starts with %c\n", BZ2_bzlibVersion()[0]);
    printf("zlibCompileFlags %s\n", &zlibCompileFlags ? "bound" : "null");
    uLong (*crc)(uLong, const Bytef *, uInt) = crc32;
    printf("crc32 %s\n", crc ? "bound" : "null");
    if (crc) printf("crc %lx\n", crc(0, (const Bytef *)"abc", 3));
    if (BZ2_bzBuffToBuffCompress) {
        char in[] = "hello hello hello hello", out[256];
        unsigned n = sizeof out;
        int rc = BZ2_bzBuffToBuffCompress(out, &n, in, sizeof in, 1, 0, 0);
        printf("bzip2 compress %d, %s\n", rc, n > 0 && n < sizeof out ? "some bytes" : "no bytes");
    } else printf("BZ2_bzBuffToBuffCompress null\n");
    loaded("libz.so.1");
    loaded("libbz2.so.1.0");
    return 0;
}

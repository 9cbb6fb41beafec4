/* A short tool, as a test suite runs one many times: run-length encodes its input (stdin, or the
 * file its argument names) to stdout as "count byte" pairs, and reports the sizes on stderr.
 * Reading stdin with getchar calls no native code; opening a file (fopen, fread) does. */
#include <stdio.h>
#include <string.h>

static unsigned char in[1 << 20];

int main(int argc, char **argv) {
    size_t n = 0;
    if (argc > 1) {
        FILE *f = fopen(argv[1], "rb");
        if (!f) { perror(argv[1]); return 1; }
        n = fread(in, 1, sizeof in, f);
        fclose(f);
    } else {
        int c;
        while (n < sizeof in && (c = getchar()) != EOF) in[n++] = (unsigned char)c;
    }
    size_t out = 0;
    for (size_t i = 0; i < n; ) {
        size_t j = i;
        while (j < n && in[j] == in[i] && j - i < 255) j++;
        putchar((int)(j - i));
        putchar(in[i]);
        out += 2;
        i = j;
    }
    fprintf(stderr, "%zu -> %zu bytes\n", n, out);
    return 0;
}

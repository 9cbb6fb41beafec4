/* Complex arithmetic on a struct passed and returned by value: the Mandelbrot set's
 * escape counts over a grid, z = z * z + c through functions taking and returning
 * typedef struct { double r, i; }. gcc -O2 keeps the structs in registers; each call in jomp
 * copied its arguments and result through native memory until the IR inliner and scalar
 * replacement. */
#include <stdio.h>

typedef struct { double r, i; } C;

C mul(C a, C b) { C c; c.r = a.r * b.r - a.i * b.i; c.i = a.r * b.i + a.i * b.r; return c; }
C add(C a, C b) { C c = {a.r + b.r, a.i + b.i}; return c; }
double norm2(C a) { return a.r * a.r + a.i * a.i; }

static int escape(C c, int max, C *last) {
    C z = {0.0, 0.0};
    int n = 0;
    while (n < max && norm2(z) <= 4.0) {
        z = add(mul(z, z), c);
        n++;
    }
    *last = z;
    return n;
}

int main(void) {
    enum { W = 1500, H = 1000, MAX = 500 };
    long total = 0;
    C sum = {0.0, 0.0};
    for (int y = 0; y < H; y++) {
        for (int x = 0; x < W; x++) {
            C c = {-2.0 + 2.6 * x / W, -1.2 + 2.4 * y / H}, z;
            total += escape(c, MAX, &z);
            if (norm2(z) <= 4.0) sum = add(sum, z);
        }
    }
    printf("%ld %.6f %.6f\n", total, sum.r, sum.i);
    return 0;
}

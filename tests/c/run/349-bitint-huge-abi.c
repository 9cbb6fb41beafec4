// ORACLE: clang-19
// FLAGS: -std=c23
/* _BitInt(N) for N > 128 in the ABI's places: sizeof and _Alignof for many N, in structs
   (offsets, padding) and arrays, by-value parameters and results (direct and through function
   pointers), variadic arguments read with va_arg, struct copies and assignment through
   pointers. Printed as 64-bit words, high first. */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

typedef _BitInt(129) s129;
typedef unsigned _BitInt(192) u192;
typedef _BitInt(255) s255;
typedef unsigned _BitInt(1000) u1000;

static void words(const char *what, const void *p, size_t size) {
    unsigned long long w[16];
    memcpy(w, p, size);
    printf("%-8s", what);
    for (size_t i = size / 8; i-- > 0;) printf(" %016llx", w[i]);
    printf("\n");
}
#define W(x) do { __typeof__(x) v_ = (x); words(#x, &v_, sizeof v_); } while (0)
#define SZ(N) printf("%-7d %4zu %zu %4zu %zu\n", N, sizeof(_BitInt(N)), _Alignof(_BitInt(N)), \
                     sizeof(unsigned _BitInt(N)), _Alignof(unsigned _BitInt(N)))

struct rec {
    char tag;
    s129 x;
    short s;
    u192 y;
    int n;
};

struct rec make(int n) {
    struct rec r = {(char)n, (s129)n * -1000000007, (short)n, (u192)n << 150, n};
    return r;
}

static s255 mix(s255 a, u192 b, int k, s129 c) { return a * k + (s255)b - c; }
static u192 twice(u192 v) { return v + v; }

static s255 sum(int n, ...) {
    va_list ap;
    va_start(ap, n);
    s255 t = 0;
    for (int i = 0; i < n; i++) {
        t += va_arg(ap, s255);
        t += va_arg(ap, int);
    }
    va_end(ap);
    return t;
}

int main(void) {
    SZ(129); SZ(191); SZ(192); SZ(193); SZ(255); SZ(256); SZ(257); SZ(320); SZ(511); SZ(1000); SZ(4096); SZ(65535);
    printf("%zu %zu %zu %zu %zu %zu\n", sizeof(struct rec), _Alignof(struct rec), offsetof(struct rec, x),
           offsetof(struct rec, s), offsetof(struct rec, y), offsetof(struct rec, n));

    struct rec r = make(77), q;
    q = r;
    W(q.x);
    W(q.y);
    printf("%d %d %d\n", q.tag, q.s, q.n);

    s255 arr[5];
    for (int i = 0; i < 5; i++) arr[i] = (s255)i << (50 * i);
    s255 *p = &arr[2];
    p[1] -= p[-1];
    for (int i = 0; i < 5; i++) W(arr[i]);

    W(mix((s255)1 << 200, (u192)-1, -3, (s129)-5));
    s255 (*fp)(s255, u192, int, s129) = mix;
    W(fp(-7, 9, 11, (s129)1 << 127));
    W(twice(twice((u192)1 << 190)));
    W(sum(3, (s255)-1, 10, (s255)1 << 250, 20, (s255)12345 << 100, 30));

    u1000 big[2] = {0};
    big[1] = ~big[0];
    big[0] = big[1] >> 999;
    W(big[0]);
    W((u192)(big[1] >> 500));
    return 0;
}

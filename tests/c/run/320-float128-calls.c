/* __float128 through calls: variadic arguments (16 bytes each, read back by va_arg, va_copy),
   parameters and results by value mixed with other types, function pointers, qsort's comparator,
   unions with two 64-bit words, compound literals, arrays of structs and a recursive function.
   Values are printed through their bits or converted to double. */
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef __float128 quad;

union words {
    quad q;
    uint64_t w[2];
};

static void show(const char *what, quad x) {
    union words u = {x};
    printf("%-10s %016llx %016llx %.17g\n", what, (unsigned long long)u.w[1], (unsigned long long)u.w[0], (double)x);
}

/* n pairs of (int weight, __float128 value), then a double */
static quad weighted(int n, ...) {
    va_list ap, again;
    va_start(ap, n);
    va_copy(again, ap);
    quad s = 0;
    for (int i = 0; i < n; i++) {
        int k = va_arg(ap, int);
        quad v = va_arg(ap, quad);
        s += k * v;
    }
    double tail = va_arg(ap, double);
    int first = va_arg(again, int);
    quad firstv = va_arg(again, quad);
    va_end(again);
    va_end(ap);
    return s + tail + first * firstv;
}

static quad mix(char c, quad a, double d, quad b, long l, float f) {
    return (a - b) * c + d / l + f;
}

struct item {
    int id;
    quad key;
};

static int by_key(const void *pa, const void *pb) {
    quad a = ((const struct item *)pa)->key, b = ((const struct item *)pb)->key;
    return a < b ? -1 : a > b ? 1 : 0;
}

static quad power(quad x, int n) {
    if (n == 0)
        return 1;
    quad h = power(x, n / 2);
    return n % 2 ? h * h * x : h * h;
}

static quad add(quad a, quad b) {
    return a + b;
}
static quad sub(quad a, quad b) {
    return a - b;
}
static quad mul(quad a, quad b) {
    return a * b;
}
static quad divide(quad a, quad b) {
    return a / b;
}

int main(void) {
    volatile int vol = 1;
    quad tenth = 0.1q * vol;
    show("weighted", weighted(3, 1, tenth, 2, tenth * 2, -3, (quad)vol / 3, 0.5));
    show("weighted0", weighted(1, 7, (quad)1e-20q * vol, 1e-20));
    show("mix", mix('\3', tenth, 2.5, 1 / (quad)3, 4L, 0.25f));

    quad (*ops[4])(quad, quad) = {add, sub, mul, divide};
    const char *names[4] = {"add", "sub", "mul", "div"};
    for (int i = 0; i < 4; i++)
        show(names[i], ops[i](tenth, (quad)vol / 7));

    struct item items[6];
    for (int i = 0; i < 6; i++) {
        items[i].id = i;
        items[i].key = (quad)((i * 7) % 6 - 2.5) / 3 + tenth * i;
    }
    qsort(items, 6, sizeof items[0], by_key);
    for (int i = 0; i < 6; i++) {
        printf("item %d: ", items[i].id);
        show("key", items[i].key);
    }

    show("1.1^100", power(1 + tenth, 100));
    show("2^-16400", power((quad)vol / 2, 16400));

    union words u;
    u.w[0] = 1;
    u.w[1] = 0x3fff000000000000ULL; /* 1 + 2^-112 */
    show("union", u.q);
    show("union-1", u.q - 1);
    show("compound", (quad[]){tenth, 2 * tenth, 3 * tenth}[2]);
    quad *heap = malloc(4 * sizeof *heap);
    for (int i = 0; i < 4; i++)
        heap[i] = power(tenth, i);
    show("heap3", heap[3]);
    free(heap);
    printf("%.17g %.17g\n", (double)weighted(0, 1.0), (double)(tenth * 10 - 1));
    return 0;
}

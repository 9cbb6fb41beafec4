#include <stdio.h>
#include <stdint.h>
union bits { float f; uint32_t u; unsigned char b[4]; };
union dbl { double d; uint64_t u; };
struct tagged { int kind; union { int i; double d; const char *s; } v; };
static void show(struct tagged t) {
    switch (t.kind) {
    case 0: printf("int %d\n", t.v.i); break;
    case 1: printf("double %g\n", t.v.d); break;
    default: printf("str %s\n", t.v.s); break;
    }
}
int main(void) {
    union bits x;
    x.f = 1.0f;
    printf("%08x %d %d\n", x.u, x.b[3], x.b[0]);
    x.u = 0x40490fdbu;
    printf("%.6f\n", x.f);
    union dbl y = {.d = -2.0};
    printf("%016llx\n", (unsigned long long)y.u);
    printf("%zu %zu\n", sizeof(union bits), sizeof(struct tagged));
    struct tagged a = {0, {.i = 7}}, b = {1, {.d = 2.5}}, c = {2, {.s = "hi"}};
    show(a); show(b); show(c);
    return 0;
}

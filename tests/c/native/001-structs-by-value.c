// NATIVE: -ljnative
// Structs and unions by value to and from a gcc-built library: each x86-64 SysV class.
#include <stdio.h>
#include "jnative.h"

int main(void) {
    struct pair p = pair_make(3, 4), q = {5, -6};
    printf("pair %d %d dot %d\n", p.a, p.b, pair_dot(p, q));
    struct mixed m = {2, 0.25f};
    printf("mixed %g\n", mixed_sum(m));
    struct vec2 v = vec2_scale((struct vec2){1.5, -2}, 3);
    printf("vec2 %g %g\n", v.x, v.y);
    struct vec2f f = vec2f_add((struct vec2f){1.25f, 2}, (struct vec2f){0.5f, -4});
    printf("vec2f %g %g\n", f.x, f.y);
    struct idpair ip = idpair_next((struct idpair){41, 1.5});
    printf("idpair %ld %g\n", ip.id, ip.w);
    struct big b = big_make(10);
    printf("big %ld %ld %ld %g sum %g\n", b.a, b.b, b.c, b.d, big_sum(b));
    printf("many %g\n", many(1, 2.5, b, 3, v, 4L, 0.5f, 5, p, 6.25));
    struct narrow n = {-3, 250, -1000};
    printf("narrow %d\n", narrow_sum(n));
    struct nested ns = {{1, 2}, {0.5f, 0.25f}};
    printf("nested %g\n", nested_sum(ns));
    struct odd o = odd_rev((struct odd){{'a', 'b', 'c'}});
    printf("odd %c%c%c\n", o.c[0], o.c[1], o.c[2]);
    union num u = num_from_double(1.0);
    printf("union %lx %lx\n", num_bits(u), num_bits((union num){.i = 5}) & 0xffffffff);
    union u5 u5 = {{1, 2, 3, 4, 5}};
    union sd sd = sd_swap((union sd){.v = {1.5f, -2.5f}});
    union wide w = wide_make(7);
    printf("unions %d %g %g %ld %ld\n", u5_sum(u5), sd.v.x, sd.v.y, w.l[2], wide_sum(w));
    printf("narrow returns %d %d %d %d %d %d\n", ret_uchar(300), ret_schar(200), ret_ushort(-1), ret_short(70000), ret_bool(5), ret_bool(0));
    printf("narrow args %d\n", take_narrow(-5, 200, -300, 65535, 1));
    printf("float %g ulong %lu\n", ret_float(1, 3), ret_ulong(1UL << 62));
    return 0;
}

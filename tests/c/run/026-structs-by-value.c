#include <stdio.h>
#include <string.h>
struct big { int a[16]; double d; char s[20]; };
struct small { char c; };
struct vec3 { double x, y, z; };
static struct big make_big(int seed) {
    struct big b;
    for (int i = 0; i < 16; i++) b.a[i] = seed * i;
    b.d = seed / 4.0;
    snprintf(b.s, sizeof b.s, "seed-%d", seed);
    return b;
}
static int sum_big(struct big b) {
    int s = 0;
    for (int i = 0; i < 16; i++) s += b.a[i];
    b.a[0] = 999;
    return s;
}
static struct vec3 cross(struct vec3 a, struct vec3 b) {
    return (struct vec3){a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x};
}
static struct small next(struct small s) { s.c++; return s; }
int main(void) {
    struct big b = make_big(3);
    printf("%d %g %s\n", sum_big(b), b.d, b.s);
    printf("%d\n", b.a[0]);
    struct big c;
    c = b;
    c.a[5] = -1;
    printf("%d %d %d\n", b.a[5], c.a[5], memcmp(&b, &c, sizeof b) != 0);
    struct vec3 v = cross((struct vec3){1, 0, 0}, (struct vec3){0, 1, 0});
    printf("%g %g %g\n", v.x, v.y, v.z);
    struct small s = {'a'};
    s = next(next(s));
    printf("%c\n", s.c);
    printf("%d\n", make_big(5).a[3]);
    return 0;
}

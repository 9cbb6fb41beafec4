#include <stdio.h>
#include <stddef.h>
struct point { int x, y; };
struct rect { struct point tl, br; char name[8]; };
struct mixed { char c; double d; short s; int i; char tail; };
static int area(struct rect r) { return (r.br.x - r.tl.x) * (r.br.y - r.tl.y); }
static struct point mid(const struct rect *r) {
    struct point p = {(r->tl.x + r->br.x) / 2, (r->tl.y + r->br.y) / 2};
    return p;
}
int main(void) {
    struct rect r = {{0, 0}, {10, 4}, "box"};
    struct rect copy = r;
    copy.br.x = 20;
    printf("%d %d %s\n", area(r), area(copy), copy.name);
    struct point m = mid(&copy);
    printf("%d %d\n", m.x, m.y);
    printf("%zu %zu\n", sizeof(struct point), sizeof(struct mixed));
    printf("%zu %zu %zu %zu %zu\n", offsetof(struct mixed, c), offsetof(struct mixed, d),
           offsetof(struct mixed, s), offsetof(struct mixed, i), offsetof(struct mixed, tail));
    struct point pts[3] = {{1, 2}, {3, 4}, {5, 6}};
    int s = 0;
    for (int i = 0; i < 3; i++) s += pts[i].x * pts[i].y;
    printf("%d\n", s);
    struct point *pp = pts;
    pp[1] = pts[2];
    printf("%d %d\n", (pp + 1)->x, pts[1].y);
    return 0;
}

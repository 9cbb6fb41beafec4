typedef unsigned long size_t;
int printf(const char *, ...);
void *malloc(size_t);
struct P { int x, y; };
union U { int i; float f; char c[8]; };
enum Color { RED, GREEN = 5, BLUE };
typedef struct Node { struct Node *next; int val; } Node;
static int counter = 3;
extern int ext;
int arr[] = { 1, 2, 3, [9] = 10 };
char msg[] = "hello";
const char *names[] = { "a", "bc", 0 };
struct P pts[2] = { {1, 2}, {3, 4} };
struct P pe[] = { 1, 2, 3, 4, 5 };
int *gp = &arr[2];
int *gp2 = arr + 4;
long gl = (long)&((struct P *)0)->y;
int (*(*fp)(int))[3];
int (*table[4])(int, int);
struct BF { unsigned a : 3, b : 5; int c : 7; unsigned : 0; char d; } bf = { 1, 2, -3, 'x' };
struct Flex { int n; double d[]; };
double _Complex zc;
_Static_assert(sizeof(struct P) == 8, "size");
static int add(int a, int b) { return a + b; }
int apply(int (*f)(int, int), int a, int b) { return f(a, b); }
int sum(int n, ...);
static inline int sq(int x) { return x * x; }
int vla(int n) {
    int a[n];
    int m[n][n + 1];
    for (int i = 0; i < n; i++) a[i] = i;
    return sizeof a + sizeof m + (int)sizeof(m[0]);
}
int main(int argc, char **argv) {
    struct P p = { .y = 2, .x = 1 };
    struct P *pp = &p;
    union U u = { .f = 1.5f };
    Node n1 = { 0, 7 }, n2 = { &n1, 8 };
    int i = 0, j;
    unsigned u8 = 0xffffffffu;
    long long big = 1LL << 40;
    double d = 1e3, e = .5, f = 0x1.8p1;
    float fl = 2.5f;
    char c = 'a', *s = "str";
    int local[3][4] = { { 1 }, { 2, 3 }, [2][3] = 9 };
    static int calls;
    calls++;
    j = i++ + ++i;
    j += 3; j -= 1; j *= 2; j /= 2; j %= 5; j <<= 1; j >>= 1; j &= 7; j |= 8; j ^= 1;
    pp->x = p.y;
    (*pp).y = 4;
    i = argc > 1 ? 1 : 0;
    i = (i, j);
    d = i + d * fl - c / 2.0;
    i = !i && j || ~i;
    u8 = u8 >> 3 | (unsigned)i << 2;
    s = s + 1; s++; s -= 1;
    i = (int)(s - msg);
    i = apply(add, 1, 2) + apply(&add, 3, 4) + (*add)(1, 1);
    i = sizeof(int) + sizeof p + _Alignof(double) + sizeof(int[10]);
    i = RED + GREEN + BLUE;
    if (i < 0) return 1; else if (i == 0) i = 1;
    while (i > 100) i--;
    do { i++; } while (i < 10);
    switch (i) { case 1: case 2: i = 3; break; case RED + 10: break; default: i = 0; }
    for (;;) { if (i++ > 20) break; else continue; }
    goto end;
end:
    printf("%d %s %f %ld %lld %u %c %p %zu\n", i, s, d, 1L, big, u8, c, (void *)pp, sizeof(p));
    int *dyn = (int *)malloc(10 * sizeof(int));
    dyn[0] = local[1][1];
    struct P cl = (struct P){ 5, 6 };
    int *cp = (int[]){ 1, 2, 3 };
    i = cl.x + cp[2] + n2.next->val + u.c[0] + bf.a + bf.c;
    i = vla(i) + sq(i) + counter + calls + (int)zc;
    return i & 0;
}

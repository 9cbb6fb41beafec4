/* OpenMP regions calling functions the -O2 inliner takes apart: the outlined regions
 * stay functions of their own (the runtime calls them through pointers), small functions and
 * structs by value are inlined into them, and firstprivate and reduction copies of structs and
 * address-taken locals keep their meaning. The output does not depend on the thread count.
 * (Target regions with inlined device code: the offload corpus at -O2, OffloadCorpusTest.) */
#include <omp.h>
#include <stdio.h>

typedef struct { double x, y; } V;

static V vadd(V a, V b) { V c = {a.x + b.x, a.y + b.y}; return c; }
static V vscale(V a, double s) { a.x *= s; a.y *= s; return a; }
static double dot(V a, V b) { return a.x * b.x + a.y * b.y; }
static int collatz(long n) { int k = 0; while (n != 1) { n = n % 2 ? 3 * n + 1 : n / 2; k++; } return k; }
static void bump(int *c) { (*c)++; }

int main(void) {
    enum { N = 2000 };
    static V pts[N];
    for (int i = 0; i < N; i++) pts[i] = (V){(i % 37) * 0.5, (i % 11) - 5.0};

    double sx = 0, sy = 0, sd = 0;
    V base = {1.0, -2.0};
    #pragma omp parallel for reduction(+ : sx, sy, sd) firstprivate(base)
    for (int i = 0; i < N; i++) {
        V p = vadd(vscale(pts[i], 0.25), base);
        sx += p.x; sy += p.y; sd += dot(p, base);
    }
    printf("sums %.6f %.6f %.6f base %.1f %.1f\n", sx, sy, sd, base.x, base.y);

    int steps = 0;
    #pragma omp parallel for reduction(max : steps)
    for (int i = 1; i < 3000; i++) { int k = collatz(i); if (k > steps) steps = k; }
    printf("collatz max %d\n", steps);

    int count = 0;
    #pragma omp parallel
    {
        int mine = 0;
        #pragma omp for
        for (int i = 0; i < 100; i++) if (i % 3 == 0) bump(&mine);
        #pragma omp atomic
        count += mine;
    }
    printf("count %d\n", count);

    V acc = {0, 0};
    #pragma omp parallel
    #pragma omp single
    {
        for (int t = 0; t < 8; t++) {
            #pragma omp task firstprivate(t) shared(acc)
            {
                V d = vscale((V){t, 1.0}, 2.0);
                #pragma omp critical
                acc = vadd(acc, d);
            }
        }
    }
    printf("tasks %.1f %.1f\n", acc.x, acc.y);

    V a = {3.0, 4.0};
    printf("dot %.2f\n", dot(a, vscale(a, 0.5)));
    return 0;
}

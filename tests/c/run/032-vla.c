#include <stdio.h>
static double sum2d(int r, int c, double a[r][c]) {
    double s = 0;
    for (int i = 0; i < r; i++)
        for (int j = 0; j < c; j++) s += a[i][j];
    return s;
}
static int fill(int n) {
    int v[n];
    for (int i = 0; i < n; i++) v[i] = i * i;
    int s = 0;
    for (int i = 0; i < n; i++) s += v[i];
    return s + (int)sizeof v;
}
int main(int argc, char **argv) {
    (void)argv;
    int n = argc + 2;
    double a[n][n + 1];
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n + 1; j++) a[i][j] = i + j * 0.5;
    printf("%d %zu %g\n", n, sizeof a, sum2d(n, n + 1, a));
    for (int k = 1; k <= 5; k++) printf("%d ", fill(k * 3));
    printf("\n");
    int (*p)[n + 1] = (int (*)[n + 1])0;
    printf("%zu\n", sizeof *p);
    return 0;
}

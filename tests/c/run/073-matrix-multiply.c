#include <stdio.h>
#include <stdlib.h>
#define N 48
static void matmul(int n, const double *a, const double *b, double *c) {
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            double s = 0;
            for (int k = 0; k < n; k++) s += a[i * n + k] * b[k * n + j];
            c[i * n + j] = s;
        }
}
int main(void) {
    double *a = malloc(N * N * sizeof *a), *b = malloc(N * N * sizeof *b), *c = malloc(N * N * sizeof *c);
    for (int i = 0; i < N; i++)
        for (int j = 0; j < N; j++) { a[i * N + j] = (i + j) % 7 - 3; b[i * N + j] = (i * j) % 5 - 2 + (i == j); }
    matmul(N, a, b, c);
    double trace = 0, sum = 0;
    for (int i = 0; i < N; i++) trace += c[i * N + i];
    for (int i = 0; i < N * N; i++) sum += c[i];
    printf("%.17g %.17g %.17g\n", trace, sum, c[5 * N + 7]);
    double id[3][3] = {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, m[3][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 10}}, r[3][3];
    matmul(3, &m[0][0], &id[0][0], &r[0][0]);
    for (int i = 0; i < 3; i++) printf("%g %g %g\n", r[i][0], r[i][1], r[i][2]);
    free(a); free(b); free(c);
    return 0;
}

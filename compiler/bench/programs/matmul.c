/* Dense matrix multiply, 600x600 doubles, five times, i-k-j order; prints a checksum. */
#include <stdio.h>
#include <stdlib.h>

#define N 600

int main(void) {
    double *a = malloc(sizeof(double) * N * N);
    double *b = malloc(sizeof(double) * N * N);
    double *c = malloc(sizeof(double) * N * N);
    for (int i = 0; i < N * N; i++) {
        a[i] = (double)(i % 17) * 0.25 - 1.0;
        b[i] = (double)(i % 13) * 0.5 + 0.125;
        c[i] = 0.0;
    }
    for (int rep = 0; rep < 5; rep++) {
        for (int i = 0; i < N; i++)
            for (int k = 0; k < N; k++) {
                double aik = a[i * N + k];
                for (int j = 0; j < N; j++) c[i * N + j] += aik * b[k * N + j];
            }
    }
    double sum = 0.0;
    for (int i = 0; i < N * N; i++) sum += c[i] * (double)((i % 7) + 1);
    printf("matmul checksum %.6e\n", sum);
    free(a); free(b); free(c);
    return 0;
}

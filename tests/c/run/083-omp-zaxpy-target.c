#include <stdio.h>
#include <complex.h>
#define N 64
static double _Complex x[N], y[N];
int main(void) {
    double _Complex a = 0.5 - 1.5 * I;
    for (int i = 0; i < N; i++) { x[i] = i - 0.25 * i * I; y[i] = -1.0 + i * I; }
    #pragma omp target teams distribute parallel for map(to : x) map(tofrom : y)
    for (int i = 0; i < N; i++) y[i] = a * x[i] + y[i];
    double sr = 0, si = 0;
    for (int i = 0; i < N; i++) { sr += creal(y[i]); si += cimag(y[i]); }
    printf("%g %g\n", sr, si);
    printf("%g %g\n", creal(y[N - 1]), cimag(y[N - 1]));
    return 0;
}

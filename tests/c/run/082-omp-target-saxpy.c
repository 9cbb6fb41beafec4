#include <stdio.h>
#include <stdlib.h>
static void saxpy(int n, float a, const float *x, float *y) {
    #pragma omp target teams distribute parallel for map(to : x[0:n]) map(tofrom : y[0:n])
    for (int i = 0; i < n; i++) y[i] = a * x[i] + y[i];
}
int main(void) {
    int n = 4096;
    float *x = malloc(n * sizeof *x), *y = malloc(n * sizeof *y);
    for (int i = 0; i < n; i++) { x[i] = (float)i; y[i] = 1.0f; }
    saxpy(n, 2.0f, x, y);
    double s = 0;
    for (int i = 0; i < n; i++) s += y[i];
    printf("%.1f %.1f %.1f\n", y[0], y[n - 1], s);
    int flag = 0;
    #pragma omp target map(tofrom : flag)
    { flag = 42; }
    printf("flag %d\n", flag);
    free(x); free(y);
    return 0;
}

#include <stdio.h>
#define N 10
#define M (N * 2 + 1)
#define EMPTY
#define STR "macro string"
#define NEG -N
int main(void) {
    int a[N] EMPTY;
    for (int i = 0; i < N; i++) a[i] = i * M;
    printf("%d %d %d %s %d\n", N, M, a[N - 1], STR, NEG);
#undef N
#define N 42
    printf("redefined %d\n", N);
    return 0;
}

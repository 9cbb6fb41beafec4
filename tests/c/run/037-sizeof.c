#include <stdio.h>
struct s { char c; int i; };
union u { char c[5]; int i; };
int main(void) {
    int a[7];
    int x = 3;
    printf("%zu %zu %zu\n", sizeof a, sizeof a[0], sizeof(a) / sizeof(a[0]));
    printf("%zu %zu %zu %zu\n", sizeof(struct s), sizeof(union u), sizeof(int *), sizeof(void (*)(void)));
    printf("%zu %zu %zu\n", sizeof x, sizeof(x + 1.0), sizeof(char[3][5]));
    printf("%d\n", x);
    printf("%zu %zu %zu\n", sizeof "abc", sizeof(float), sizeof(double));
    char *p = 0;
    printf("%zu %zu\n", sizeof p, sizeof *p);
    printf("%zu\n", sizeof(long long) * 2 + sizeof(short));
    printf("%zu\n", _Alignof(double) + _Alignof(char));
    return 0;
}

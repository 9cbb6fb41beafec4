#include <stdio.h>
int main(void) {
    int a = 17, b = 5;
    printf("%d %d %d %d %d\n", a + b, a - b, a * b, a / b, a % b);
    printf("%d %d %d\n", -a, +a, !a);
    int x = 10;
    x += 5; printf("%d ", x);
    x -= 3; printf("%d ", x);
    x *= 2; printf("%d ", x);
    x /= 5; printf("%d ", x);
    x %= 3; printf("%d ", x);
    x <<= 4; printf("%d ", x);
    x >>= 1; printf("%d ", x);
    x |= 3; printf("%d ", x);
    x &= 6; printf("%d ", x);
    x ^= 15; printf("%d\n", x);
    int i = 5;
    int j = i++ + 1;
    int k = ++i * 2;
    printf("%d %d %d\n", i, j, k);
    int m = i--; int n = --i;
    printf("%d %d %d\n", i, m, n);
    double d = 1.5;
    d++; d *= 2; d /= 4;
    printf("%g\n", d);
    int *p = &a;
    (*p)++;
    printf("%d\n", a);
    return 0;
}

#include <stdio.h>
int main(void) {
    for (int i = -2; i <= 2; i++) {
        if (i < 0) printf("neg ");
        else if (i == 0) printf("zero ");
        else printf("pos ");
    }
    printf("\n");
    int n = 27, steps = 0;
    while (n != 1) { n = n % 2 ? 3 * n + 1 : n / 2; steps++; }
    printf("collatz %d\n", steps);
    int k = 0;
    do { k += 3; } while (k < 10);
    printf("%d\n", k);
    do printf("once\n"); while (0);
    int i = 0;
    while (1) { if (++i >= 5) break; if (i % 2) continue; printf("even %d\n", i); }
    for (;;) { if (i-- == 0) break; }
    printf("%d\n", i);
    int a = 0, b = 10;
    for (a = 0, b = 10; a < b; a++, b--) ;
    printf("%d %d\n", a, b);
    return 0;
}

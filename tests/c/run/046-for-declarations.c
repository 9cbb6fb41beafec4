#include <stdio.h>
int main(void) {
    int total = 0;
    for (int i = 0, j = 10; i < j; i++, j--) total += i * j;
    printf("%d\n", total);
    int i = 100;
    for (int i = 0; i < 3; i++) printf("%d ", i);
    printf("%d\n", i);
    for (struct { int a, b; } s = {0, 1}; s.a < 5; s.a++) s.b *= 2, printf("%d ", s.b);
    printf("\n");
    for (char c = 'a'; c <= 'e'; c += 2) putchar(c);
    putchar('\n');
    for (int x = 0; x < 3; x++)
        for (int y = 0; y < 3; y++) {
            if (y > x) break;
            printf("(%d,%d)", x, y);
        }
    printf("\n");
    return 0;
}

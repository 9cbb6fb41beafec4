/* This program tests precedence on purpose, so silence the "suggest parentheses" warning. */
#pragma GCC diagnostic ignored "-Wparentheses"
#include <stdio.h>
int main(void) {
    int a = 2, b = 3, c = 4;
    printf("%d %d %d\n", a + b * c, (a + b) * c, a * b % c);
    printf("%d %d\n", a << 1 + 1, (a << 1) + 1);
    printf("%d %d\n", a & b | c, a & (b | c));
    printf("%d %d\n", a ^ b & c, (a ^ b) & c);
    printf("%d\n", a < b == c > b);
    printf("%d\n", -a * -b);
    printf("%d %d\n", a == 2 && b == 3 || c == 0, !a || b);
    int x = 5, y = 10, z;
    z = x > y ? x : y > 8 ? 100 : 0;
    printf("%d\n", z);
    z = x = y = 7;
    printf("%d %d %d\n", x, y, z);
    int arr[3] = {10, 20, 30}, *p = arr;
    int first = *p++ + 1;
    printf("%d %d\n", first, *p);
    int pre = ++*p;
    printf("%d %d\n", pre, *p);
    printf("%d\n", (int)sizeof a * 3);
    printf("%d\n", ~0 >> 1 & 0xff);
    return 0;
}

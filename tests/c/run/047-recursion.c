#include <stdio.h>
static long fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
static int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
static int ackermann(int m, int n) {
    if (m == 0) return n + 1;
    if (n == 0) return ackermann(m - 1, 1);
    return ackermann(m - 1, ackermann(m, n - 1));
}
static int is_even(int n);
static int is_odd(int n) { return n == 0 ? 0 : is_even(n - 1); }
static int is_even(int n) { return n == 0 ? 1 : is_odd(n - 1); }
static void hanoi(int n, char from, char to, char via, int *moves) {
    if (n == 0) return;
    hanoi(n - 1, from, via, to, moves);
    if (n == 3) printf("move disk 3 %c->%c\n", from, to);
    ++*moves;
    hanoi(n - 1, via, to, from, moves);
}
static int depth(int n) { char pad[64]; pad[n % 64] = (char)n; return n == 0 ? pad[0] : 1 + depth(n - 1); }
int main(void) {
    printf("%ld %ld\n", fact(10), fact(20));
    printf("%d\n", fib(25));
    printf("%d\n", ackermann(2, 3));
    printf("%d %d\n", is_even(10), is_odd(7));
    int moves = 0;
    hanoi(10, 'A', 'C', 'B', &moves);
    printf("%d\n", moves);
    printf("%d\n", depth(10000));
    return 0;
}

#include <stdio.h>
static int file_static = 100;
int global_counter;
static int counter(void) { static int n; return ++n; }
static int fib_memo(int k) {
    static long memo[50];
    if (k < 2) return k;
    if (memo[k]) return (int)memo[k];
    memo[k] = fib_memo(k - 1) + fib_memo(k - 2);
    return (int)memo[k];
}
static const char *name(void) { static char buf[16]; static int calls; snprintf(buf, sizeof buf, "call%d", ++calls); return buf; }
int main(void) {
    for (int i = 0; i < 3; i++) printf("%d ", counter());
    printf("\n%d %d\n", fib_memo(40), fib_memo(45));
    printf("%s %s\n", name(), name());
    int before = file_static++;
    printf("%d %d\n", before, file_static);
    global_counter += 7;
    printf("%d\n", global_counter);
    {
        static int block = 5;
        block *= 2;
        printf("%d\n", block);
    }
    return 0;
}

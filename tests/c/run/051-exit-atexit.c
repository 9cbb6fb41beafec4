#include <stdio.h>
#include <stdlib.h>
static void first(void) { printf("registered first, runs last\n"); }
static void second(void) { printf("registered second, runs second\n"); }
static void third(void) { printf("registered third, runs first\n"); fflush(stdout); }
static void work(int depth) {
    if (depth == 0) { printf("exiting with 5 from depth\n"); exit(5); }
    if (depth > 100) return;
    work(depth - 1);
    printf("never printed\n");
}
int main(void) {
    atexit(first);
    atexit(second);
    atexit(third);
    printf("main body\n");
    work(3);
    return 0;
}

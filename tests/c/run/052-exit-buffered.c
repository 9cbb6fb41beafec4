#include <stdio.h>
#include <stdlib.h>
static int counter = 0;
static void bump(void) { counter++; printf("handler sees counter %d\n", counter); }
int main(void) {
    for (int i = 0; i < 3; i++) atexit(bump);
    printf("buffered text without newline...");
    printf(" flushed at exit\n");
    exit(EXIT_FAILURE);
}

#include <stdio.h>
int main(void) {
    const char *s = "hello";
    printf("[%s] [%10s] [%-10s] [%.3s] [%10.2s] [%-*s] [%.*s]\n", s, s, s, s, s, 7, s, 2, s);
    printf("[%s]\n", "");
    printf("[%p]\n", (void *)0);
    int n = printf("count me\n");
    printf("%d\n", n);
    int pos1 = 0, pos2 = 0;
    printf("ab%ncdef%n\n", &pos1, &pos2);
    printf("%d %d\n", pos1, pos2);
    puts("puts adds a newline");
    putchar('x'); putchar('\n');
    fputs("fputs to stdout\n", stdout);
    fprintf(stdout, "fprintf %s %d\n", "stdout", 1);
    fprintf(stderr, "this goes to stderr and is not compared\n");
    fflush(stdout);
    printf("%s%c%s\n", "a", '-', "b");
    return 0;
}

// NATIVE: -ljnative
// stdin read by jomp code and by a library in turn (the program runs itself as a child, its input
// through a pipe): scanf and getchar read it first (jomp's Java stdin, which reads a block ahead as
// glibc's does), then the library's fgets on stdin, the first native call, must get the very next
// line (what the Java stdin read ahead goes back to glibc's stdin first); scanf goes on with
// glibc's engine on the same stream; output from both sides in program order.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "jnative.h"

static int child(void) {
    int a = 0, b = 0;
    char w[32] = {0};
    int r = scanf("%d %d %31s", &a, &b, w);
    printf("jomp scanf: r=%d %d %d [%s]\n", r, a, b, w);
    int c = getchar();
    printf("jomp getchar: %d\n", c);
    char line[256];
    for (int i = 0; i < 2; i++) {
        int ok = lib_fgets(stdin, line, sizeof line);
        printf("library fgets: %d %.*s\n", ok, (int)strcspn(line, "\n"), line);
    }
    long sum = 0;
    int x, n = 0;
    while (scanf("%d", &x) == 1) { sum += x; n++; }
    printf("jomp scanf again: %d numbers, sum %ld, eof=%d\n", n, sum, feof(stdin) != 0);
    lib_say("done");
    return 0;
}

int main(int argc, char **argv) {
    if (argc > 1) return child();
    char cmd[4300];
    snprintf(cmd, sizeof cmd, "{ printf '3 4 five\\nthe next line\\nand one more\\n'; seq 1 2000; } | \"%s\" child", argv[0]);
    fflush(stdout);
    int status = system(cmd);
    printf("status %d\n", status);
    return 0;
}

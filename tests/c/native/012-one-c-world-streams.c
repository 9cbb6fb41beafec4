// NATIVE: -ljnative
// One C world: stdout written by jomp code and by a library appears in program order (both
// buffered in glibc's stdout), a FILE* opened by jomp code is written by the library and read
// back, and one the library opened is used by jomp code.
#include <stdio.h>
#include <string.h>
#include "jnative.h"

#include <unistd.h>

int main(void) {
    printf("jomp 1, ");
    lib_puts_partial("lib 2, ");
    printf("jomp 3\n");
    lib_say("four");
    puts("five (puts)");
    putchar('6');
    putchar('\n');
    char path[64];
    snprintf(path, sizeof path, "/tmp/jomp-native-world-%d.txt", getpid());
    FILE *f = fopen(path, "w");
    fprintf(f, "written by jomp %d\n", 1);
    lib_fprint(f, "written by the library");
    fputs("written by jomp again\n", f);
    fclose(f);
    FILE *g = lib_fopen(path, "r");
    char line[128];
    while (fgets(line, sizeof line, g)) printf("read: %s", line);
    rewind(g);
    printf("lib_fgets %d: %s", lib_fgets(g, line, sizeof line), line);
    int n;
    rewind(g);
    printf("fscanf %d ", fscanf(g, "written by jomp %d", &n));
    printf("n=%d ftell %ld\n", n, ftell(g));
    fclose(g);
    remove(path);
    lib_fprint(stdout, "to jomp's stdout");
    fprintf(stderr, "stderr line\n");
    printf("last line, unflushed");
    return 0;
}

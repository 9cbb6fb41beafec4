// NATIVE:
// glibc's idea of the program's name (program_invocation_name, used by err, warn, error) is the C
// program's argv[0], not the JVM's; err's message on stderr, its status.
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <errno.h>
#include <err.h>

int main(int argc, char **argv) {
    printf("short name %s\n", program_invocation_short_name);
    printf("full name is argv[0]: %d\n", strcmp(program_invocation_name, argv[0]) == 0);
    fflush(stdout);
    errx(3, "stopping with %d arguments", argc);
}

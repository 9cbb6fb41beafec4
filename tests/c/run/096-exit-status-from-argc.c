/* Exit status computed at run time; run with "one two three" this returns 7. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv) {
    int status = 0;
    for (int i = 1; i < argc; i++) status += (int)strlen(argv[i]) - 2;
    printf("status %d\n", status + argc);
    if (argc > 10) return EXIT_SUCCESS;
    exit(status + argc);
}

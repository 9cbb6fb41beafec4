/* The harness runs every program as: prog one two three */
#include <stdio.h>
#include <string.h>
int main(int argc, char **argv) {
    printf("argc %d\n", argc);
    for (int i = 1; i < argc; i++) printf("argv[%d] = %s (%zu)\n", i, argv[i], strlen(argv[i]));
    printf("last is null: %d\n", argv[argc] == NULL);
    const char *slash = strrchr(argv[0], '/');
    printf("argv0 nonempty: %d\n", (slash ? slash + 1 : argv[0])[0] != '\0');
    size_t total = 0;
    for (char **p = argv + 1; *p; p++) total += strlen(*p);
    printf("%zu\n", total);
    return argc;
}

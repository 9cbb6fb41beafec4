#include <stdio.h>
#include <string.h>
static int parse_int(const char *s, int *out) {
    int sign = 1, v = 0;
    if (!s || !*s) return -1;
    if (*s == '-') { sign = -1; s++; }
    if (!*s) return -2;
    for (; *s; s++) {
        if (*s < '0' || *s > '9') return -3;
        v = v * 10 + (*s - '0');
    }
    *out = sign * v;
    return 0;
}
int main(int argc, char **argv) {
    const char *tests[] = {"123", "-45", "", "-", "12a", "0"};
    for (int i = 0; i < 6; i++) {
        int v = 0;
        int rc = parse_int(tests[i], &v);
        printf("'%s' rc=%d v=%d\n", tests[i], rc, v);
    }
    int v = -1;
    printf("%d %d\n", parse_int(argc > 1 ? argv[1] : "7", &v), v);
    return (int)strlen(argv[argc - 1]);
}

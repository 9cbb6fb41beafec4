// NATIVE:
// getopt and its globals (optarg, optind, opterr, optopt), strcasecmp and friends from glibc.
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

static void parse(int argc, char **argv) {
    optind = 1;
    opterr = 0;
    int c;
    while ((c = getopt(argc, argv, "ab:c::v")) != -1) {
        if (c == '?') printf("  unknown -%c\n", optopt);
        else printf("  -%c %s\n", c, optarg ? optarg : "(none)");
    }
    for (int i = optind; i < argc; i++) printf("  operand %s\n", argv[i]);
}

int main(int argc, char **argv) {
    char *v1[] = {"prog", "-a", "-b", "val", "-cx", "-z", "file1", "--", "-v", 0};
    printf("args:\n");
    parse(9, v1);
    char *v2[] = {"prog", "-vbq", "rest", 0};
    printf("args:\n");
    parse(3, v2);
    printf("own argv: %d\n", argc);
    parse(argc, argv);
    printf("casecmp %d %d %d %d\n", strcasecmp("Hello", "hELLO") == 0, strcasecmp("abc", "ABD") < 0, strncasecmp("ABCx", "abcy", 3), strcasecmp("b", "A") > 0);
    char text[] = "one,two;three", *p = text, *tok;
    while ((tok = strsep(&p, ",;")) != 0) printf("tok %s\n", tok);
    printf("casestr %s\n", strcasestr("Hello World", "WORLD"));
    return 0;
}

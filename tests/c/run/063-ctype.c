#include <stdio.h>
#include <ctype.h>
int main(void) {
    const char *s = "Hello, World 42!\t_x";
    int alpha = 0, digit = 0, space = 0, upper = 0, lower = 0, punct = 0, alnum = 0, xdig = 0;
    for (const char *p = s; *p; p++) {
        unsigned char c = (unsigned char)*p;
        alpha += !!isalpha(c); digit += !!isdigit(c); space += !!isspace(c);
        upper += !!isupper(c); lower += !!islower(c); punct += !!ispunct(c);
        alnum += !!isalnum(c); xdig += !!isxdigit(c);
    }
    printf("%d %d %d %d %d %d %d %d\n", alpha, digit, space, upper, lower, punct, alnum, xdig);
    for (const char *p = s; *p; p++) putchar(toupper((unsigned char)*p));
    putchar('\n');
    for (const char *p = s; *p; p++) putchar(tolower((unsigned char)*p));
    putchar('\n');
    printf("%d %d %d\n", !!iscntrl('\n'), !!isprint(' '), !!isgraph(' '));
    return 0;
}

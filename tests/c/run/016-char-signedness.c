#include <stdio.h>
#include <limits.h>
int main(void) {
    char c = (char)200;
    printf("%d %d %d\n", c, CHAR_MIN, CHAR_MAX);
    printf("%d\n", c < 0);
    char s[] = "\xff\x80\x7f";
    for (int i = 0; i < 3; i++) printf("%d ", s[i]);
    printf("\n");
    int sum = 0;
    for (const char *p = "abc\xe9"; *p; p++) sum += *p;
    printf("%d\n", sum);
    unsigned char uc = (unsigned char)c;
    printf("%d %d\n", uc, (signed char)uc);
    printf("%d\n", (int)(char)-1 == -1);
    return 0;
}

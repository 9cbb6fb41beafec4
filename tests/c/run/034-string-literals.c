#include <stdio.h>
#include <string.h>
int main(void) {
    const char *s = "tab\there\nnewline \"quoted\" back\\slash \x41\102\0hidden";
    printf("%s\n", s);
    printf("%zu %zu\n", strlen(s), sizeof("abc\0def"));
    printf("%d %d %d %d %d %d\n", '\n', '\t', '\0', '\'', '\\', '\x7f');
    printf("%d %d %d %d %d\n", '\a', '\b', '\f', '\v', '\r');
    printf("%d %d\n", '\101', '\?');
    char arr[] = "mutable";
    arr[0] = 'M';
    printf("%s %zu\n", arr, sizeof arr);
    char small[4] = "abcd";
    printf("%c%c\n", small[0], small[3]);
    printf("%d\n", "hello"[1]);
    printf("%s\n", &"offset"[2]);
    printf("%%literal percent\n");
    printf("%d\n", (int)sizeof('a'));
    return 0;
}

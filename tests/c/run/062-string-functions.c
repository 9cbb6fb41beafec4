#include <stdio.h>
#include <string.h>
int main(void) {
    char buf[64];
    strcpy(buf, "Hello");
    strcat(buf, ", World");
    printf("%s %zu\n", buf, strlen(buf));
    printf("%d %d %d\n", strcmp("abc", "abd") < 0, strcmp("b", "a") > 0, strcmp("same", "same"));
    printf("%d %d\n", strncmp("abcdef", "abcxyz", 3), strncmp("abcdef", "abcxyz", 4) < 0);
    char n[8];
    strncpy(n, "abcdefghij", sizeof n - 1);
    n[7] = 0;
    printf("%s\n", n);
    strncat(n, "zz", 0);
    printf("%s\n", strchr(buf, 'W'));
    printf("%s\n", strrchr(buf, 'l'));
    printf("%s\n", strstr(buf, "lo, "));
    printf("%d\n", strstr(buf, "xyz") == NULL);
    printf("%zu %zu\n", strspn("aabbcx", "ab"), strcspn("hello world", " "));
    printf("%s\n", strpbrk("find the vowel", "aeiou"));
    char m[16];
    memset(m, '.', sizeof m);
    m[15] = 0;
    memcpy(m + 2, "copy", 4);
    printf("%s\n", m);
    memmove(m + 4, m + 2, 6);
    printf("%s\n", m);
    printf("%d %d\n", memcmp("abc", "abd", 2), memcmp("abc", "abd", 3) < 0);
    const char *hay = "key=value";
    const char *eq = memchr(hay, '=', strlen(hay));
    printf("%td %s\n", eq - hay, eq + 1);
    char tok[] = "a,b,,c;d";
    for (char *t = strtok(tok, ",;"); t; t = strtok(NULL, ",;")) printf("[%s]", t);
    printf("\n");
    char *d = strdup("duplicate");
    printf("%s\n", d);
    return 0;
}

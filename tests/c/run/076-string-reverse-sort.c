#include <stdio.h>
#include <string.h>
#include <stdlib.h>
#include <ctype.h>
static void reverse(char *s) { for (size_t i = 0, j = strlen(s); i + 1 < j; i++, j--) { char t = s[i]; s[i] = s[j - 1]; s[j - 1] = t; } }
static void sort_chars(char *s) {
    size_t n = strlen(s);
    for (size_t i = 1; i < n; i++) { char k = s[i]; size_t j = i; while (j > 0 && s[j - 1] > k) { s[j] = s[j - 1]; j--; } s[j] = k; }
}
static int is_palindrome(const char *s) {
    size_t i = 0, j = strlen(s);
    while (i < j) {
        if (!isalpha((unsigned char)s[i])) { i++; continue; }
        if (!isalpha((unsigned char)s[j - 1])) { j--; continue; }
        if (tolower((unsigned char)s[i]) != tolower((unsigned char)s[j - 1])) return 0;
        i++; j--;
    }
    return 1;
}
static int cmp(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }
int main(void) {
    char s[] = "Hello, jomp!";
    reverse(s);
    printf("%s\n", s);
    char t[] = "thequickbrownfox";
    sort_chars(t);
    printf("%s\n", t);
    printf("%d %d\n", is_palindrome("A man, a plan, a canal: Panama"), is_palindrome("jomp"));
    char text[] = "delta alpha charlie bravo echo alpha";
    char *words[16];
    int n = 0;
    for (char *w = strtok(text, " "); w; w = strtok(NULL, " ")) words[n++] = w;
    qsort(words, (size_t)n, sizeof *words, cmp);
    for (int i = 0; i < n; i++) printf("%s%c", words[i], i + 1 < n ? ' ' : '\n');
    char joined[128] = "";
    for (int i = n - 1; i >= 0; i--) { strcat(joined, words[i]); if (i) strcat(joined, "-"); }
    printf("%s %zu\n", joined, strlen(joined));
    return 0;
}

// ORACLE: clang-19
// FLAGS: -std=c23 --embed-dir=support
/* C23 #embed of text (gcc 12 has none, so clang-19 is the oracle): a file found through
   --embed-dir= (<...> names search only those folders), made a string with suffix(, 0); the
   program's own source through __FILE__ (a macro-expanded operand, found beside the program);
   automatic and static arrays, a compound literal's sizeof, and __has_embed in #if and #elif. */
#include <stdio.h>
#include <string.h>

static const char words[] = {
#embed <347-words.txt> suffix(, 0)
};

static int count(const char *s, size_t n, char c) {
    int k = 0;
    for (size_t i = 0; i < n; i++) k += s[i] == c;
    return k;
}

int main(void) {
    printf("words (%zu): %s", sizeof words, words);
    printf("lines %d, spaces %d\n", count(words, sizeof words, '\n'), count(words, sizeof words, ' '));

    const char self[] = {
#embed __FILE__ suffix(, 0)
    };
    const char *first_newline = strchr(self, '\n');
    printf("own first line: %.*s\n", (int)(first_newline - self), self);
    printf("own lines: %d, mentions of embed: ", count(self, sizeof self - 1, '\n'));
    int n = 0;
    for (const char *p = self; (p = strstr(p, "#embed")) != NULL; p++) n++;
    printf("%d\n", n);

    static const char head[] = {
#embed __FILE__ limit(10) suffix(, 0)
    };
    printf("head: [%s]\n", head);
    size_t size = sizeof((const char[]){
#embed <347-words.txt> limit(5)
    });
    printf("compound literal: %zu\n", size);

#if __has_embed(<nothing-here.txt>)
    printf("wrong: found\n");
#elif __has_embed(<347-words.txt> limit(3)) == __STDC_EMBED_FOUND__
    printf("found through --embed-dir\n");
#endif
    return 0;
}

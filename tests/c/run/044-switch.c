#include <stdio.h>
static const char *classify(int c) {
    switch (c) {
    case 'a': case 'e': case 'i': case 'o': case 'u': return "vowel";
    case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9': return "digit";
    case ' ': return "space";
    default: return "other";
    }
}
int main(void) {
    for (int i = 0; i < 6; i++) {
        switch (i) {
        case 0: printf("zero ");
        case 1: printf("one-or-fall ");
            break;
        case 2: { int x = i * 10; printf("block %d ", x); break; }
        default: printf("default ");
            /* fall through */
        case 5: printf("five ");
        }
        printf("| ");
    }
    printf("\n");
    const char *s = "a1 z";
    for (const char *p = s; *p; p++) printf("%s ", classify(*p));
    printf("\n");
    int n = 0;
    switch (3) { case 3: n = 3; }
    long big = 5000000000L;
    switch (big) { case 5000000000L: n += 1; break; default: n = -1; }
    printf("%d\n", n);
    int count = 0;
    for (int i = 0; i < 10; i++) switch (i % 3) { case 0: continue; case 1: count += 10; break; default: count++; }
    printf("%d\n", count);
    return 0;
}

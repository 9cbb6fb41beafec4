#include <stdio.h>
#define LONG_MACRO(a, b) \
    ((a) + \
     (b))
static const char msg[] = "adjacent " "string "
                          "literals" " are " "joined";
int main(void) {
    printf("%d\n", LONG_MACRO(20, 22));
    printf("%s %zu\n", msg, sizeof msg);
    printf("%s\n", "tab\t" "newline-free");
    int x = 1 + \
2;
    printf("%d\n", x);
    return 0;
}

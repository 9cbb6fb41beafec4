#include <stdio.h>
#define STR(x) #x
#define XSTR(x) STR(x)
#define CAT(a, b) a##b
#define XCAT(a, b) CAT(a, b)
#define VALUE 123
#define MAKE_FN(name) static int fn_##name(void) { return sizeof(#name) - 1; }
MAKE_FN(alpha)
MAKE_FN(be)
int main(void) {
    int xy = 5, CAT(var, 1) = 6;
    printf("%s|%s|%s\n", STR(hello world), STR(VALUE), XSTR(VALUE));
    printf("%s\n", STR(  a  +   b  "q\n" 'c'));
    printf("%d %d\n", CAT(x, y), var1);
    printf("%d\n", XCAT(VAL, UE));
    printf("%d %d\n", fn_alpha(), fn_be());
    printf("%s\n", XSTR(CAT(1, 2)));
    return 0;
}

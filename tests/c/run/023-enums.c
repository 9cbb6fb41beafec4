#include <stdio.h>
enum color { RED, GREEN = 5, BLUE, ALPHA = GREEN * 10, NEGATIVE = -3, AFTER };
typedef enum { SMALL = 1, LARGE = 1000000 } size_kind;
static const char *color_name(enum color c) {
    switch (c) {
    case RED: return "red";
    case GREEN: return "green";
    case BLUE: return "blue";
    case ALPHA: return "alpha";
    default: return "other";
    }
}
int main(void) {
    enum color c = BLUE;
    printf("%d %d %d %d %d %d\n", RED, GREEN, BLUE, ALPHA, NEGATIVE, AFTER);
    printf("%s %s\n", color_name(c), color_name((enum color)7));
    size_kind k = LARGE;
    printf("%d %zu\n", k, sizeof(enum color));
    int arr[BLUE];
    printf("%zu\n", sizeof arr / sizeof arr[0]);
    for (enum color i = RED; i <= BLUE; i++) printf("%d ", i);
    printf("\n");
    return 0;
}

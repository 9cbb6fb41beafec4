/* Brace elision is valid C; gcc -Wall warns about it, so silence that warning here. */
#pragma GCC diagnostic ignored "-Wmissing-braces"
#include <stdio.h>
struct p { int x, y, z; };
struct line { struct p a, b; int tag[3]; };
int g_arr[5] = {1, 2};
struct p g_p = {.z = 3, .x = 1};
int main(void) {
    int a[] = {[4] = 40, [1] = 10, 11, [0] = 5};
    printf("%zu: %d %d %d %d %d\n", sizeof a / sizeof *a, a[0], a[1], a[2], a[3], a[4]);
    struct line l = {.b = {.y = 7}, .a.x = 1, .tag = {[2] = 9}};
    printf("%d %d %d %d %d %d\n", l.a.x, l.a.y, l.b.y, l.tag[0], l.tag[2], l.b.z);
    struct line m = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
    struct line n = {1, 2, 3, 4, 5, 6, 7, 8, 9};
    printf("%d %d %d\n", m.b.z == n.b.z, m.tag[2], n.tag[1]);
    int zero[8] = {0};
    int sum = 0;
    for (int i = 0; i < 8; i++) sum += zero[i];
    printf("%d %d %d %d %d\n", sum, g_arr[1], g_arr[4], g_p.y, g_p.z);
    struct p arr[] = {[1].y = 5, [0] = {1, 1, 1}};
    printf("%zu %d %d\n", sizeof arr / sizeof arr[0], arr[1].y, arr[0].z);
    char s[10] = {'h', 'i'};
    printf("%s %d\n", s, s[9]);
    int grid[2][3] = {1, 2, 3, 4};
    printf("%d %d\n", grid[1][0], grid[1][2]);
    return 0;
}

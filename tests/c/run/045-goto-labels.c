#include <stdio.h>
static int find(int m[3][3], int target, int *ri, int *rj) {
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            if (m[i][j] == target) { *ri = i; *rj = j; goto found; }
    return 0;
found:
    return 1;
}
int main(void) {
    int m[3][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
    int i = -1, j = -1;
    int ok = find(m, 6, &i, &j);
    printf("%d %d %d\n", ok, i, j);
    printf("%d\n", find(m, 10, &i, &j));
    int n = 0;
loop:
    n++;
    if (n < 5) goto loop;
    printf("%d\n", n);
    goto skip;
    printf("never\n");
skip:;
    int err = 0;
    char *res = "ok";
    if (err) goto cleanup;
    res = "done";
cleanup:
    printf("%s\n", res);
    return 0;
}

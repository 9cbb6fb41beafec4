#include <stdio.h>
static int trace(int n, int m[][4]) { int t = 0; for (int i = 0; i < n; i++) t += m[i][i]; return t; }
int main(void) {
    int m[4][4];
    for (int i = 0; i < 4; i++)
        for (int j = 0; j < 4; j++) m[i][j] = i * 4 + j;
    printf("%d %d %d\n", m[2][3], trace(4, m), *(*(m + 3) + 1));
    int cube[2][3][4] = {{{1, 2, 3, 4}, {5}}, {[2] = {[3] = 9}}};
    printf("%d %d %d %d\n", cube[0][0][3], cube[0][1][0], cube[0][1][1], cube[1][2][3]);
    printf("%zu %zu %zu\n", sizeof cube, sizeof cube[0], sizeof cube[0][0]);
    int (*row)[4] = m;
    row++;
    printf("%d\n", (*row)[2]);
    char names[3][6] = {"one", "two", "three"};
    for (int i = 0; i < 3; i++) printf("%s ", names[i]);
    printf("\n");
    int *flat = &m[0][0];
    printf("%d\n", flat[13]);
    return 0;
}

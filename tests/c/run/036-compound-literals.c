#include <stdio.h>
struct pt { int x, y; };
static int sum(const int *v, int n) { int s = 0; for (int i = 0; i < n; i++) s += v[i]; return s; }
static int dot(struct pt a, struct pt b) { return a.x * b.x + a.y * b.y; }
int main(void) {
    printf("%d\n", sum((int[]){1, 2, 3, 4}, 4));
    printf("%d\n", dot((struct pt){1, 2}, (struct pt){.y = 3, .x = 4}));
    struct pt *p = &(struct pt){5, 6};
    p->x += 10;
    printf("%d %d\n", p->x, p->y);
    int *arr = (int[3]){0};
    arr[1] = 8;
    printf("%d %d\n", arr[0], arr[1]);
    for (int i = 0; i < 3; i++) {
        struct pt q = (struct pt){i, i * i};
        printf("%d ", q.x + q.y);
    }
    printf("\n");
    const char **words = (const char *[]){"alpha", "beta", NULL};
    for (int i = 0; words[i]; i++) printf("%s ", words[i]);
    printf("\n");
    return 0;
}

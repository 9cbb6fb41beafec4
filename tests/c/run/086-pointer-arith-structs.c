#include <stdio.h>
#include <stddef.h>
#include <string.h>
struct item { int id; char tag[6]; double w; };
#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))
int main(void) {
    struct item items[5];
    for (int i = 0; i < 5; i++) { items[i].id = i * 11; snprintf(items[i].tag, sizeof items[i].tag, "t%d", i); items[i].w = i / 2.0; }
    struct item *end = items + 5;
    double total = 0;
    for (struct item *it = items; it != end; ++it) total += it->w;
    printf("%g %td %zu\n", total, end - items, (size_t)((char *)end - (char *)items));
    double *wp = &items[3].w;
    struct item *owner = container_of(wp, struct item, w);
    printf("%d %s\n", owner->id, owner->tag);
    char *bytes = (char *)&items[1];
    printf("%d\n", *(int *)(bytes + offsetof(struct item, id)));
    int grid[3][4];
    int *g = &grid[0][0];
    for (int i = 0; i < 12; i++) g[i] = i;
    int (*rowp)[4] = grid + 2;
    printf("%d %d\n", rowp[0][1], *(*(grid + 1) + 3));
    const char *words[] = {"zero", "one", "two"};
    const char **wpp = words;
    printf("%s %c\n", *(wpp + 2), *(*(wpp + 1) + 1));
    memset(items, 0, sizeof items);
    printf("%d %g\n", items[4].id, items[4].w);
    return 0;
}

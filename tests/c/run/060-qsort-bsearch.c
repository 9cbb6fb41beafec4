#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct rec { const char *name; int score; };
static int cmp_int(const void *a, const void *b) { int x = *(const int *)a, y = *(const int *)b; return (x > y) - (x < y); }
static int cmp_str(const void *a, const void *b) { return strcmp(*(const char *const *)a, *(const char *const *)b); }
static int cmp_rec(const void *a, const void *b) {
    const struct rec *x = a, *y = b;
    if (x->score != y->score) return y->score - x->score;
    return strcmp(x->name, y->name);
}
int main(void) {
    int v[] = {5, -3, 99, 0, 42, 7, -100, 8, 8, 1};
    size_t n = sizeof v / sizeof v[0];
    qsort(v, n, sizeof v[0], cmp_int);
    for (size_t i = 0; i < n; i++) printf("%d ", v[i]);
    printf("\n");
    int key = 42;
    int *hit = bsearch(&key, v, n, sizeof v[0], cmp_int);
    key = 43;
    int *miss = bsearch(&key, v, n, sizeof v[0], cmp_int);
    printf("%td %d\n", hit - v, miss == NULL);
    const char *words[] = {"pear", "apple", "fig", "banana", "cherry"};
    qsort(words, 5, sizeof words[0], cmp_str);
    for (int i = 0; i < 5; i++) printf("%s ", words[i]);
    printf("\n");
    struct rec r[] = {{"c", 70}, {"a", 90}, {"b", 70}, {"d", 100}};
    qsort(r, 4, sizeof r[0], cmp_rec);
    for (int i = 0; i < 4; i++) printf("%s:%d ", r[i].name, r[i].score);
    printf("\n");
    int big[1000];
    for (int i = 0; i < 1000; i++) big[i] = (i * 7919) % 1000;
    qsort(big, 1000, sizeof big[0], cmp_int);
    int sorted = 1;
    for (int i = 1; i < 1000; i++) if (big[i - 1] > big[i]) sorted = 0;
    printf("%d %d %d\n", sorted, big[0], big[999]);
    return 0;
}

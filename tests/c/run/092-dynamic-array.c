#include <stdio.h>
#include <stdlib.h>
#include <string.h>
struct vec { int *data; size_t len, cap; };
static void vec_push(struct vec *v, int x) {
    if (v->len == v->cap) { v->cap = v->cap ? v->cap * 2 : 4; v->data = realloc(v->data, v->cap * sizeof *v->data); }
    v->data[v->len++] = x;
}
static int vec_pop(struct vec *v) { return v->data[--v->len]; }
static void vec_insert(struct vec *v, size_t at, int x) {
    vec_push(v, 0);
    memmove(v->data + at + 1, v->data + at, (v->len - 1 - at) * sizeof *v->data);
    v->data[at] = x;
}
int main(void) {
    struct vec v = {0};
    for (int i = 0; i < 100; i++) vec_push(&v, i * i % 97);
    printf("len %zu cap %zu\n", v.len, v.cap);
    vec_insert(&v, 0, -1);
    vec_insert(&v, 50, -2);
    long s = 0;
    for (size_t i = 0; i < v.len; i++) s += v.data[i];
    printf("%d %d %d %ld\n", v.data[0], v.data[50], v.data[v.len - 1], s);
    while (v.len > 10) vec_pop(&v);
    for (size_t i = 0; i < v.len; i++) printf("%d ", v.data[i]);
    printf("\n");
    free(v.data);
    return 0;
}

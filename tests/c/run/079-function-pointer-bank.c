#include <stdio.h>
#include <string.h>
typedef int (*handler)(int, int);
static int h_add(int a, int b) { return a + b; }
static int h_sub(int a, int b) { return a - b; }
static int h_mul(int a, int b) { return a * b; }
static int h_max(int a, int b) { return a > b ? a : b; }
static int h_pow(int a, int b) { int r = 1; while (b-- > 0) r *= a; return r; }
struct command { const char *name; handler fn; int calls; };
static struct command bank[] = {{"add", h_add, 0}, {"sub", h_sub, 0}, {"mul", h_mul, 0}, {"max", h_max, 0}, {"pow", h_pow, 0}};
static struct command *lookup(const char *name) {
    for (size_t i = 0; i < sizeof bank / sizeof bank[0]; i++) if (strcmp(bank[i].name, name) == 0) return &bank[i];
    return NULL;
}
static int fold(handler f, const int *v, int n) { int acc = v[0]; for (int i = 1; i < n; i++) acc = f(acc, v[i]); return acc; }
int main(void) {
    const char *script[] = {"add", "mul", "pow", "nope", "max", "sub", "add"};
    int acc = 2;
    for (int i = 0; i < 7; i++) {
        struct command *c = lookup(script[i]);
        if (!c) { printf("unknown %s\n", script[i]); continue; }
        acc = c->fn(acc, i + 1);
        c->calls++;
        printf("%s(%d) -> %d\n", c->name, i + 1, acc);
    }
    for (size_t i = 0; i < sizeof bank / sizeof bank[0]; i++) printf("%s:%d ", bank[i].name, bank[i].calls);
    printf("\n");
    int v[] = {3, 9, 2, 7};
    for (size_t i = 0; i < 4; i++) printf("%d ", fold(bank[i].fn, v, 4));
    printf("\n");
    handler (*pick)(const char *) = NULL;
    printf("%d\n", pick == NULL);
    return 0;
}

#include <stdio.h>
int counter = 5;
int *counter_ptr = &counter;
const char *greeting = "global string";
char buffer[16] = "buf";
int matrix[2][2] = {{1, 2}, {3, 4}};
int *second_row = matrix[1];
struct config { const char *name; int level; int *target; } cfg = {"cfg", 3, &counter};
struct config cfgs[] = {{"a", 1, 0}, {"b", 2, &matrix[0][1]}};
double table[] = {0.5, 1.5, 2.5};
const int table_len = sizeof table / sizeof table[0];
static long long big_static = 1LL << 50;
int uninitialized[100];
void (*hook)(void);
int main(void) {
    *counter_ptr += 1;
    printf("%d %s %s\n", counter, greeting, buffer);
    printf("%d %d\n", second_row[1], *cfgs[1].target);
    printf("%s %d %d\n", cfg.name, cfg.level, *cfg.target);
    double s = 0;
    for (int i = 0; i < table_len; i++) s += table[i];
    printf("%g %lld %d %d\n", s, big_static, uninitialized[99], hook == NULL);
    return 0;
}

// LINK: support/100-lib.c
/* Two translation units linked together: calls, globals and function pointers across files. */
#include <stdio.h>
extern int lib_counter;
extern const char lib_name[];
int lib_next(void);
int lib_sum(const int *v, int n);
void lib_report(void);
int (*lib_pick(int which))(void);
int main_value = 100;
static int hidden = 9;
int main(void) {
    int v[] = {1, 2, 3};
    printf("%s %d\n", lib_name, lib_counter);
    int a = lib_next();
    int b = lib_next();
    printf("%d %d\n", a, b);
    printf("%d\n", lib_sum(v, 3));
    main_value = 5;
    lib_report();
    lib_counter = 0;
    int (*f)(void) = lib_pick(1);
    int r = f();
    printf("%d %d %d\n", r, lib_pick(0) == 0, hidden);
    return 0;
}

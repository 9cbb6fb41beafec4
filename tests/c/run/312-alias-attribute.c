/* __attribute__((alias("target"))): another name of a function or object defined in the same
   unit, in the object file and at link; calls through either name reach the same code, a
   variable alias shares its storage, pointers to both are equal; a weak alias gives way to
   another unit's strong definition (support/312-alias-other.c defines hook); aliases of
   static functions and objects, aliases of aliases. */
// LINK: support/312-alias-other.c
#include <stdio.h>

int impl_add(int a, int b) { return a + b; }
int add(int, int) __attribute__((alias("impl_add")));
int plus(int, int) __attribute__((weak, alias("impl_add")));
int hook(int) __attribute__((weak, alias("default_hook")));
int fallback(int) __attribute__((weak, alias("default_hook")));

static int __attribute__((used)) default_hook(int x) { return x + 1000; }

int counter = 5;
extern int counter_alias __attribute__((alias("counter")));
static int hidden_table[4] = {1, 2, 3, 4};
extern int table_alias[4] __attribute__((alias("hidden_table")));
struct point {
    int x, y;
};
struct point origin = {7, 8};
extern struct point origin_alias __attribute__((alias("origin")));

static int sq(int x) { return x * x; }
int square(int) __attribute__((alias("sq")));
int square2(int) __attribute__((alias("square")));
static int local_square(int) __attribute__((alias("sq")));

int call_from_other(void);
void *other_add_address(void);
int *other_counter_address(void);

static int apply(int (*f)(int, int), int a, int b) { return f(a, b); }

int main(void) {
    printf("add %d plus %d impl %d\n", add(1, 2), plus(3, 4), impl_add(5, 6));
    printf("hook %d fallback %d\n", hook(5), fallback(5));
    counter_alias += 10;
    printf("counter %d alias %d same %d\n", counter, counter_alias, &counter == &counter_alias);
    table_alias[2] = 30;
    int sum = 0;
    for (int i = 0; i < 4; i++) sum += hidden_table[i];
    printf("table %d %d\n", sum, table_alias[0]);
    origin_alias.y = 80;
    printf("origin %d %d\n", origin.x, origin.y);
    printf("square %d %d %d %d\n", square(3), square2(4), local_square(5), sq(6));
    printf("pointers %d %d %d\n", (void *)add == (void *)impl_add, (void *)square2 == (void *)sq,
           other_add_address() == (void *)impl_add);
    printf("through pointers %d %d\n", apply(add, 20, 22), apply(plus, 1, 1));
    printf("other %d\n", call_from_other());
    printf("other counter %d\n", other_counter_address() == &counter);
    return 0;
}

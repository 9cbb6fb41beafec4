// CHECK: 36:13: error: unused variable 'inner' [-Werror,-Wunused-variable]
// CHECK: 37:13: error: variable 'inner_set' set but not used [-Werror,-Wunused-but-set-variable]
// CHECK: 42:13: error: unused variable 'block_unused' [-Werror,-Wunused-variable]
// CHECK: 23:38: error: parameter 'set_param' set but not used [-Werror,-Wunused-but-set-parameter]
// CHECK: 25:9: error: unused variable 'never' [-Werror,-Wunused-variable]
// CHECK: 26:9: error: variable 'assigned_only' set but not used [-Werror,-Wunused-but-set-variable]
// CHECK: 27:9: error: variable 'incremented' set but not used [-Werror,-Wunused-but-set-variable]
// CHECK: 44:1: error: unused label 'done' [-Werror,-Wunused-label]
// CHECK: 23:20: error: unused parameter 'unused_param' [-Werror,-Wunused-parameter]
// FLAGS: -Wall -Wextra
// CHECK-WARN
// CHECK-ALL
// -Wunused-variable, -Wunused-but-set-variable/-parameter, -Wunused-parameter, -Wunused-label,
// -Wunused-function (from -Wall and -Wextra), and what does not warn.
#include <stdio.h>

static int counter;
static const int limit = 10;
static int helper(int x) { return x * 2; }
static void never_called(void) { }
static int used_static = 3;

int sum(int n, int unused_param, int set_param) {
    int total = 0;
    int never;
    int assigned_only;
    int incremented = 0;
    int read_later = 1;
    int quiet __attribute__((unused));
    int in_sizeof = 4;
    set_param = 2;
    assigned_only = 5;
    incremented++;
    incremented += 2;
    for (int i = 0; i < n; i++) {
        int inner;
        int inner_set;
        inner_set = i;
        total += helper(i);
    }
    {
        int block_unused;
    }
done:
    return total + read_later + (int)sizeof in_sizeof + used_static;
}

int main(int argc, char **argv) {
    (void)argv;
    printf("%d %d\n", sum(3, 0, 0), argc);
    return 0;
}

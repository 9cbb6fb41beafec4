// CHECK: 8:9: warning: unused variable 'unused' [-Wunused-variable]
// CHECK: 9:9: error: variable 'set' set but not used [-Werror,-Wunused-but-set-variable]
// FLAGS: -Wall -Wextra -Wno-unused-parameter -Werror -Wno-error=unused-variable -Wunused-parameter -Wno-sign-compare
// CHECK-ALL
// How -W options combine, in order, as clang combines them: a later -Wunused-parameter turns the
// group on again, -Wno-error= keeps one group a warning under -Werror, -Wno- turns one off.
int f(int p, unsigned u) {
    int unused;
    int set;
    set = 1;
    return u < p;
}

int main(void) { return f(1, 2); }

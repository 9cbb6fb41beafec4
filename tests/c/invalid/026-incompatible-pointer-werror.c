// CHECK: 6:10: error: incompatible pointer types initializing 'int *' with an expression of type 'double *' [-Werror,-Wincompatible-pointer-types]
// CHECK: 7:11: error: incompatible pointer types initializing 'char *' with an expression of type 'int *' [-Werror,-Wincompatible-pointer-types]
// CHECK-WARN
int main(void) {
    double d = 1.0;
    int *p = &d;
    char *c = p;
    return *p + *c;
}

// CHECK: 4:26: error: excess elements in array initializer [-Werror,-Wexcess-initializers]
// CHECK-WARN
int main(void) {
    int a[3] = {1, 2, 3, 4};
    return a[0];
}

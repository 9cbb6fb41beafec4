// CHECK: 4:22: error: too many arguments to function call, expected 2, have 3
static int add(int a, int b) { return a + b; }
int main(void) {
    return add(1, 2, 3);
}

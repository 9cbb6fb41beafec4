// CHECK: 4:17: error: too few arguments to function call, expected 2, have 1
static int add(int a, int b) { return a + b; }
int main(void) {
    return add(1);
}

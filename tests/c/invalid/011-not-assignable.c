// CHECK: 5:11: error: expression is not assignable
// CHECK: 6:7: error: expression is not assignable
int main(void) {
    int a = 1, b = 2;
    a + b = 3;
    5 = a;
    return a;
}

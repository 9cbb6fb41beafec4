// CHECK: 4:7: error: array type 'int[3]' is not assignable
int main(void) {
    int a[3] = {1, 2, 3}, b[3];
    b = a;
    return b[0];
}

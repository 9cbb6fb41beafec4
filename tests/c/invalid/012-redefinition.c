// CHECK: 4:5: error: redefinition of 'twice'
// CHECK: 7:9: error: redefinition of 'v'
int twice(int x) { return 2 * x; }
int twice(int x) { return x + x; }
int main(void) {
    int v = 1;
    int v = 2;
    return twice(v);
}

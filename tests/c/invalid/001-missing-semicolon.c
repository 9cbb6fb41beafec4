// CHECK: 3:14: error: expected ';' at end of declaration
int main(void) {
    int x = 1
    return x;
}

// CHECK: 4:15: error: expected ')'
int f(int a) { return a; }
int main(void) {
    return f(1;
}

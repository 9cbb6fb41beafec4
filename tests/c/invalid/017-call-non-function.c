// CHECK: 4:13: error: called object type 'int' is not a function or function pointer
int main(void) {
    int f = 3;
    return f(2);
}

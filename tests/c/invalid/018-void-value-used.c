// CHECK: 4:9: error: initializing 'int' with an expression of incompatible type 'void'
static void nothing(void) { }
int main(void) {
    int x = nothing();
    return x;
}

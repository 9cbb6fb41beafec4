// CHECK: 5:17: error: too few arguments provided to function-like macro invocation
// CHECK: 5:12: error: use of undeclared identifier 'ADD'
#define ADD(a, b) ((a) + (b))
int main(void) {
    return ADD(1);
}

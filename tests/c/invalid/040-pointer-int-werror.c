// CHECK: 6:10: error: incompatible integer to pointer conversion initializing 'int *' with an expression of type 'int'; take the address with & [-Wint-conversion]
// CHECK: 7:10: error: incompatible pointer to integer conversion initializing 'long' with an expression of type 'int *' [-Wint-conversion]
// CHECK-WARN
int main(void) {
    int x = 5;
    int *p = x;
    long n = &x;
    return *p + (int)n;
}

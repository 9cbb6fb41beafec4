// CHECK: 4:12: error: indirection requires pointer operand ('int' invalid)
int main(void) {
    int x = 5;
    return *x;
}

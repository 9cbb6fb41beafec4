// CHECK: 5:2: error: expected '}'
int main(void) {
    if (1) {
        return 0;
}

// CHECK: 5:16: warning: equality comparison result unused [-Wunused-comparison]
// CHECK: 6:5: error: use of undeclared identifier 'undefined_thing'
int main(void) {
    int unused_cmp = 0;
    unused_cmp == 1;
    undefined_thing = 2;
    return 0;
}

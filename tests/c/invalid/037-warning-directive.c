// CHECK: 3:2: warning: "this API is deprecated" [-W#warnings]
// CHECK: 5:12: error: use of undeclared identifier 'missing_value'
#warning "this API is deprecated"
int main(void) {
    return missing_value;
}

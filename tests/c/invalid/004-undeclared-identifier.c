// CHECK: 5:14: error: use of undeclared identifier 'count'
// CHECK: 6:12: error: use of undeclared identifier 'totl'; did you mean 'total'?
int main(void) {
    int total = 0;
    total += count;
    return totl;
}

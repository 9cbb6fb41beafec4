// CHECK: 5:15: error: invalid operands to binary expression ('struct s' and 'struct s')
struct s { int a; };
int main(void) {
    struct s x = {1}, y = {2};
    int r = x + y;
    return r;
}

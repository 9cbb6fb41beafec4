// CHECK: 5:12: error: initializing 'double' with an expression of incompatible type 'struct s'
struct s { int a; };
int main(void) {
    struct s v = {1};
    double d = v;
    return (int)d;
}

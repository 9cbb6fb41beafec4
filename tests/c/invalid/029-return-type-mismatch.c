// CHECK: 5:12: error: returning 'struct s' from a function with incompatible result type 'int'
struct s { int a; };
int get(void) {
    struct s v = {1};
    return v;
}
int main(void) { return get(); }

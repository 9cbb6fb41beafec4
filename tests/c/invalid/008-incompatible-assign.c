// CHECK: 6:7: error: assigning to 'int' from incompatible type 'struct point'
struct point { int x, y; };
int main(void) {
    struct point p = {1, 2};
    int i;
    i = p;
    return i;
}

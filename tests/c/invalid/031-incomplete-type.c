// CHECK: 5:19: error: variable has incomplete type 'struct opaque'
// CHECK: 6:12: error: invalid application of 'sizeof' to an incomplete type 'struct opaque'
struct opaque;
int main(void) {
    struct opaque o;
    return sizeof(struct opaque);
}

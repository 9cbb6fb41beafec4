// CHECK: 6:13: error: member reference base type 'int' is not a structure or union
// CHECK: 6:23: error: member reference base type 'int' is not a structure or union
int main(void) {
    int n = 3;
    int *p = &n;
    return n.field + p->field;
}

// CHECK: 2:11: error: 'table' declared as an array with a negative size
int table[-1];
int main(void) { return 0; }

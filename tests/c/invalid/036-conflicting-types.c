// CHECK: 3:8: error: conflicting types for 'value'
int value(int x);
double value(int x) { return x; }
int main(void) { return 0; }

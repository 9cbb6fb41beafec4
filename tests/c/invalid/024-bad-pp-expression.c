// CHECK: 2:8: error: expected value in expression
#if 1 +
int x;
#endif
int main(void) { return 0; }

// CHECK: 3:8: error: redefinition of 'point'
struct point { int x, y; };
struct point { double x, y; };
int main(void) { return 0; }

// CHECK: 4:2: error: "jomp corpus needs VERSION >= 3"
#define VERSION 2
#if VERSION < 3
#error "jomp corpus needs VERSION >= 3"
#endif
int main(void) { return 0; }

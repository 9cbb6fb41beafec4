// CHECK: 3:12: error: call to undeclared function 'compute'; ISO C99 and later do not support implicit function declarations [-Wimplicit-function-declaration]
int main(void) {
    return compute(3);
}

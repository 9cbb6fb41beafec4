// CHECK: 11:8: warning: type specifier missing, defaults to 'int'; ISO C99 and later do not support implicit int [-Wimplicit-int]
// CHECK: 13:22: warning: non-void function 'no_value' should return a value [-Wreturn-mismatch]
// CHECK: 14:25: warning: void function 'with_value' should not return a value [-Wreturn-mismatch]
// CHECK: 17:10: warning: incompatible integer to pointer conversion initializing 'int *' with an expression of type 'int' [-Wint-conversion]
// CHECK: 18:10: warning: incompatible pointer to integer conversion initializing 'long' with an expression of type 'int *' [-Wint-conversion]
// CHECK: 19:12: warning: call to undeclared function 'undeclared'; ISO C99 and later do not support implicit function declarations [-Wimplicit-function-declaration]
// CHECK: 19:41: error: use of undeclared identifier 'still_an_error'
// FLAGS: -Wno-error=implicit-int -Wno-error=implicit-function-declaration -Wno-error=int-conversion -Wno-error=return-mismatch
// clang's errors that are warnings underneath (DefaultError): -Wno-error= makes each a warning,
// so that old code builds; the one real error at the end is still an error.
static counter = 1;

int no_value(void) { return; }
void with_value(void) { return counter; }

int main(void) {
    int *p = 4;
    long n = p;
    return undeclared(n) + no_value() + still_an_error;
}

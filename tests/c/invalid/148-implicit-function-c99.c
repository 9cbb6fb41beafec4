// CHECK: 10:13: error: call to undeclared function 'undeclared'; ISO C99 and later do not support implicit function declarations [-Wimplicit-function-declaration]
// CHECK: 11:16: error: call to undeclared library function 'sqrt' with type 'double (double)'; ISO C99 and later do not support implicit function declarations [-Wimplicit-function-declaration]
// CHECK: 12:15: error: call to undeclared library function 'malloc' with type 'void *(unsigned long)'; ISO C99 and later do not support implicit function declarations [-Wimplicit-function-declaration]
// CHECK: 13:5: error: call to undeclared library function 'printf' with type 'int (const char *, ...)'; ISO C99 and later do not support implicit function declarations [-Wimplicit-function-declaration]
// CHECK: 14:12: error: call to undeclared function 'helper'; ISO C99 and later do not support implicit function declarations [-Wimplicit-function-declaration]
// CHECK: 14:28: error: call to undeclared library function 'strlen' with type 'unsigned long (const char *)'; ISO C99 and later do not support implicit function declarations [-Wimplicit-function-declaration]
// Calls of undeclared functions from C99 on: an error by default ([-Wimplicit-function-declaration],
// -Wno-error= makes it a warning), with the C library's own type for the functions clang knows.
int main(void) {
    int n = undeclared(1, 2.5);
    double r = sqrt(2.0);
    char *p = malloc(16);
    printf("%d %g %p\n", n, r, (void *)p);
    return helper() + (int)strlen(p);
}

int undeclared(int a, double b) { return a + (int)b; }

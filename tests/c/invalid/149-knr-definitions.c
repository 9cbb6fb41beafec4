// CHECK: 22:40: error: parameter named 'd' is missing
// CHECK: 22:16: error: parameter 'b' was not declared, defaults to 'int'; ISO C99 and later do not support implicit int [-Wimplicit-int]
// CHECK: 22:5: warning: a function definition without a prototype is deprecated in all versions of C and is not supported in C23 [-Wdeprecated-non-prototype]
// CHECK: 24:22: error: redefinition of parameter 'a'
// CHECK: 24:5: warning: a function definition without a prototype is deprecated in all versions of C and is not supported in C23 [-Wdeprecated-non-prototype]
// CHECK: 26:34: error: redefinition of parameter 'a'
// CHECK: 26:5: warning: a function definition without a prototype is deprecated in all versions of C and is not supported in C23 [-Wdeprecated-non-prototype]
// CHECK: 28:20: error: invalid storage class specifier in function declarator
// CHECK: 28:5: warning: a function definition without a prototype is deprecated in all versions of C and is not supported in C23 [-Wdeprecated-non-prototype]
// CHECK: 30:22: error: a parameter list without types is only allowed in a function definition
// CHECK: 32:19: error: expected function body after function declarator
// CHECK: 32:22: error: expected identifier or '('
// CHECK: 35:5: warning: a function definition without a prototype is deprecated in all versions of C and is not supported in C23 [-Wdeprecated-non-prototype]
// CHECK: 35:5: error: conflicting types for 'proto'
// CHECK: 35:5: warning: a function definition without a prototype is deprecated in all versions of C and is not supported in C23 [-Wdeprecated-non-prototype]
// CHECK: 37:5: warning: a function definition without a prototype is deprecated in all versions of C and is not supported in C23 [-Wdeprecated-non-prototype]
// CHECK: 39:46: warning: too few arguments in call to 'fine'
// CHECK: 39:64: warning: too many arguments in call to 'fine'
// K&R definitions gone wrong: declarations for names not in the list, names declared twice,
// storage classes a parameter cannot have, identifier lists outside a definition, and a K&R
// definition that does not match the prototype before it.
int missing(a, b, c) int a; int c; int d; { return a + b + c; }

int twice_in_list(a, a) int a; { return a; }

int twice_declared(a) int a; int a; { return a; }

int bad_storage(a) static int a; { return a; }

int declaration_only(a, b);

int not_a_body(a) x; { return a; }

int proto(int, int);
int proto(a, b) int a; float b; { return a; }

int fine(a, b) int a; char *b; { return a + *b; }

int main(void) { return fine(1, "x") + fine(1) + fine(1, "x", 2); }

// CHECK: 16:2: warning: #embed is a C23 extension [-Wc23-extensions]
// CHECK: 16:23: error: unknown embed preprocessor parameter 'foo'
// CHECK: 19:2: warning: #embed is a C23 extension [-Wc23-extensions]
// CHECK: 19:26: error: invalid value '-1'; must be positive
// CHECK: 22:2: warning: #embed is a C23 extension [-Wc23-extensions]
// CHECK: 22:31: error: cannot specify parameter 'limit' twice in the same '#embed' directive
// CHECK: 25:2: warning: #embed is a C23 extension [-Wc23-extensions]
// CHECK: 25:25: error: unknown embed preprocessor parameter 'gnu::bar'
// CHECK: 28:2: warning: #embed is a C23 extension [-Wc23-extensions]
// CHECK: 28:7: error: expected "FILENAME" or <FILENAME>
// CHECK-ALL
// #embed's parameters, misused (C23 6.10.4; before C23 #embed is clang's extension, with a
// warning): an unknown parameter (also a vendor-prefixed one), a negative limit, a parameter
// given twice, and no file name. The file embedded is this one.
unsigned char a[] = {
#embed __FILE__ foo(1)
};
unsigned char b[] = {
#embed __FILE__ limit(-1)
};
unsigned char c[] = {
#embed __FILE__ limit(1) limit(2)
};
unsigned char d[] = {
#embed __FILE__ gnu::bar
};
unsigned char e[] = {
#embed
};
